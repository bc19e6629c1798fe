/**
 * Security headers on every answer, by @fastify/helmet: nosniff, a
 * referrer policy, no framing, HSTS when the product is served over TLS, and a
 * content security policy that lets a JSON answer run nothing. The few HTML
 * pages the API serves carry their own narrower policy (the dev mailbox
 * below; the docs UI through @fastify/swagger-ui's staticCSP).
 */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** The dev mailbox's page: its one inline style sheet, nothing else. */
export const MAILBOX_PAGE_CSP = {
  useDefaults: false,
  directives: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], frameAncestors: ["'none'"] },
};

export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
      },
      // Photos under /uploads are shown by the web apps, which live on other origins.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      referrerPolicy: { policy: 'no-referrer' },
      // Over plain HTTP (development) a browser ignores it anyway; behind TLS it pins HTTPS for a year.
      hsts: app.config.appUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
  },
  { name: 'security-headers' },
);
