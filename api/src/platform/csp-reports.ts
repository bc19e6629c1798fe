/**
 * POST /api/v1/csp-reports: where browsers report what the pages' Content-Security-Policy
 * blocked (page-server/src/security-headers.mjs names it in report-uri and Reporting-Endpoints).
 * Not an endpoint of the contract: browsers send their own shapes under their own media types,
 * `application/csp-report` (report-uri: `{"csp-report": {...}}`) and `application/reports+json`
 * (the Reporting API: `[{ type: "csp-violation", body: {...} }]`). Each violation is logged
 * (warn, "CSP violation") with its fields cut short; the answer is 204 with nothing in it.
 * Limited per address (cspReports) and to CSP_REPORT_BODY_LIMIT bytes: anyone can post here.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { badRequest } from '../http/errors';
import { ipLimit } from '../plugins/rate-limits';

export const CSP_REPORT_PATH = '/csp-reports';
export const CSP_REPORT_BODY_LIMIT = 16 * 1024;
/** A browser batches reports; more than this in one body is not a browser. */
const MAX_REPORTS_PER_BODY = 20;
const MAX_FIELD_LENGTH = 500;
const REPORT_MEDIA_TYPES = ['application/csp-report', 'application/reports+json'];

export interface CspViolation {
  documentUrl: string;
  blockedUrl: string;
  directive: string;
  disposition: string;
  sourceFile: string;
  lineNumber: number | null;
  sample: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, MAX_FIELD_LENGTH) : '');
const line = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** report-uri's body: kebab-case fields under "csp-report". */
function fromCspReport(report: Record<string, unknown>): CspViolation {
  return {
    documentUrl: text(report['document-uri']),
    blockedUrl: text(report['blocked-uri']),
    directive: text(report['effective-directive']) || text(report['violated-directive']),
    disposition: text(report.disposition),
    sourceFile: text(report['source-file']),
    lineNumber: line(report['line-number']),
    sample: text(report['script-sample']),
  };
}

/** The Reporting API's csp-violation body: camelCase fields. */
function fromReportingApi(body: Record<string, unknown>): CspViolation {
  return {
    documentUrl: text(body.documentURL),
    blockedUrl: text(body.blockedURL),
    directive: text(body.effectiveDirective),
    disposition: text(body.disposition),
    sourceFile: text(body.sourceFile),
    lineNumber: line(body.lineNumber),
    sample: text(body.sample),
  };
}

/** The violations a body carries (either shape), or null when it is neither. */
export function cspViolations(body: unknown): CspViolation[] | null {
  if (Array.isArray(body)) {
    const reports = body.slice(0, MAX_REPORTS_PER_BODY).map(record);
    return reports.flatMap((r) => {
      const inner = r?.type === 'csp-violation' ? record(r.body) : null;
      return inner ? [fromReportingApi(inner)] : [];
    });
  }
  const legacy = record(record(body)?.['csp-report']);
  return legacy ? [fromCspReport(legacy)] : null;
}

/** The route, registered by the route map under /api/v1 beside the contract's endpoints. */
export const cspReportRoute: FastifyPluginAsync = async (app: FastifyInstance) => {
  app.addContentTypeParser(REPORT_MEDIA_TYPES, { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(badRequest(MESSAGES.generic.invalidCspReport), undefined);
    }
  });
  app.post(
    CSP_REPORT_PATH,
    { bodyLimit: CSP_REPORT_BODY_LIMIT, config: ipLimit(app, 'cspReports'), schema: { hide: true } },
    async (request, reply) => {
      const violations = cspViolations(request.body);
      if (!violations) throw badRequest(MESSAGES.generic.invalidCspReport);
      for (const violation of violations) app.log.warn({ reqId: request.id, cspViolation: violation }, 'CSP violation');
      return reply.status(204).send();
    },
  );
};
