/**
 * Configuration from environment variables, validated once at start. Every
 * problem is reported together so a misconfigured deployment is fixed in one go.
 */
import path from 'node:path';
import { z } from 'zod';
import { type MailboxRule } from './lib/canonical-email';
import { DEFAULT_UNIVERSITY_DOMAIN, DEFAULT_UNIVERSITY_NAME } from '@campus/shared/email';
import { loadCatalogueConfig, type CatalogueConfig } from './catalogue/config';
import { loadPaymentsConfig, type PaymentsConfig } from './money/payments/config';
import { PASSWORD_PARAMS, TEST_PASSWORD_PARAMS, type Params } from './lib/crypto';

/** The repository root (api/src/config.ts → ../..), where the default data directory lives. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

const DEFAULT_CORS = ['3000', '3001', '3002', '3003', '3004', '3005'].flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`]);

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/**
 * TRUST_PROXY: off by default (X-Forwarded-For is ignored, so it cannot be forged to dodge
 * the per-address limits). A number trusts the nearest N hops, or a comma-separated list of
 * proxy addresses / CIDR ranges (or loopback, linklocal, uniquelocal) trusts those; "true"
 * (every hop) is refused because it trusts whatever a client writes in the header.
 */
export type TrustProxy = false | number | string[];
const PROXY_ADDRESS = /^(loopback|linklocal|uniquelocal|[0-9a-f:.]+(\/\d{1,3})?)$/i;
const trustProxySchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((raw, ctx): TrustProxy => {
      const v = raw?.trim().toLowerCase();
      if (v === undefined || v === 'false' || v === 'off' || v === 'no') return false;
      if (v === 'true' || v === 'on' || v === 'yes') {
        // Trusting every hop lets any client name its own address in X-Forwarded-For (and dodge every per-address limit).
        ctx.addIssue({
          code: 'custom',
          message:
            "true would trust a forged X-Forwarded-For: give the number of proxy hops (1 = the nearest proxy) or the proxies' addresses",
        });
        return z.NEVER;
      }
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      if (list.length > 0 && list.every((a) => PROXY_ADDRESS.test(a))) return list;
      ctx.addIssue({ code: 'custom', message: 'must be false, a number of proxy hops, or a comma-separated list of proxy addresses' });
      return z.NEVER;
    }),
);

const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  API_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  // Production unless asked otherwise: the development mailbox and demo accounts are on only when
  // `npm start` / `npm run dev` (or the tests) ask for them, never on an API started some other way.
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('production')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
      .optional(),
  ),
  DATA_DIR: optionalString,
  // Where the security limits count; the database when unset (shared by instances either way).
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, { message: 'must start with redis:// or rediss://' })
      .optional(),
  ),
  APP_URL: z.preprocess(
    emptyToUndefined,
    z.url({ message: 'must be a URL such as http://localhost:3000' }).default('http://localhost:3000'),
  ),
  CORS_ORIGINS: optionalString,
  TRUST_PROXY: trustProxySchema,
  API_DOCS: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
  MAIL_PRINT: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
  RATE_LIMIT_SCALE: z.preprocess(emptyToUndefined, z.coerce.number().min(1).max(1000).default(1)),
  API_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ message: 'must be a URL such as https://api.market.campus.edu.ng' }).optional()),
  UNIVERSITY_NAME: z.preprocess(emptyToUndefined, z.string().default(DEFAULT_UNIVERSITY_NAME)),
  UNIVERSITY_EMAIL_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, { message: 'must be a domain such as campus.edu.ng' })
      .default(DEFAULT_UNIVERSITY_DOMAIN),
  ),
  /** Whether the university's mail delivers `name+tag@` to `name@` (most do): on unless set to false. */
  UNIVERSITY_EMAIL_FOLD_PLUS_TAGS: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')),
  /** Whether the university's mail treats `a.b@` and `ab@` as one mailbox (Gmail-hosted mail does): off unless set to true. */
  UNIVERSITY_EMAIL_FOLD_DOTS: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://' })
      .optional(),
  ),
  MAIL_FROM: optionalString,
  /** Switches the test-support interface on (never in production; platform/test-support.ts). */
  TEST_SUPPORT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(24, { message: 'at least 24 characters (it opens every e-mail the API sends)' }).optional(),
  ),
  /** The key operators' TOTP secrets are encrypted with at rest (AES-256-GCM through HKDF); see AppConfig.opsTotpKey. */
  OPS_TOTP_KEY: z.preprocess(emptyToUndefined, z.string().min(32, { message: 'at least 32 characters' }).optional()),
  /** The HMAC key the proof-of-work challenges of sign-up and the other e-mail endpoints are signed with; see AppConfig.challengeHmacKey. */
  CHALLENGE_HMAC_KEY: z.preprocess(emptyToUndefined, z.string().min(32, { message: 'at least 32 characters' }).optional()),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()),
});

export type NodeEnv = 'development' | 'production' | 'test';

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /**
   * dir null: in memory (tests). template: a dump of an already migrated data directory
   * (PGlite's dumpDataDir) that an in-memory database starts from instead of running initdb
   * and every migration: the API tests make one per run (test/setup/database-template.ts).
   */
  | { kind: 'pglite'; dir: string | null; template?: string };

export interface AppConfig {
  port: number;
  host: string;
  nodeEnv: NodeEnv;
  database: DatabaseConfig;
  dataDir: string;
  /** The security limits' counters go to this Redis; null: the database. */
  redisUrl: string | null;
  appUrl: string;
  corsOrigins: string[];
  /** Fastify's trustProxy: which X-Forwarded-For hops give the client address (rate limits). */
  trustProxy: TrustProxy;
  /** Multiplies every per-address rate limit (plugins/rate-limits.ts scaledPerAddress). */
  rateLimitScale: number;
  /** Where browsers reach this API (the built-in search host): API_PUBLIC_URL, else http://localhost:<port>; never the Host header. */
  apiPublicUrl: string;
  /** The OpenAPI UI at /api/docs: on unless in production, where API_DOCS=true asks for it. */
  apiDocs: boolean;
  /** Without SMTP_URL, also print each e-mail to the terminal (MAIL_PRINT=true); else it is only in the development mailbox. */
  mailPrint: boolean;
  /** scrypt's cost for passwords: OWASP's minimum, lighter only under NODE_ENV=test (lib/crypto.ts). */
  passwordHashParams: Params;
  universityName: string;
  universityEmailDomain: string;
  /** Which spellings of one address reach the same mailbox: one account per mailbox (lib/canonical-email.ts). */
  universityEmailRule: MailboxRule;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * The secret of the test-support interface (platform/test-support.ts): QA's journeys against a running
   * environment read the e-mails it sent. Null: off. Never registered under NODE_ENV=production.
   */
  testSupportSecret: string | null;
  /**
   * OPS_TOTP_KEY: encrypts operators' TOTP secrets at rest. Unset: a fixed development key outside
   * production; in production a random key the API keeps in the database (app_secrets) on first use.
   */
  opsTotpKey: string | null;
  /**
   * CHALLENGE_HMAC_KEY: signs the proof-of-work challenges (accounts/proof-of-work.ts). Unset: a fixed
   * development key outside production; in production a random key the API keeps in the database
   * (app_secrets) on first use, the same for every instance.
   */
  challengeHmacKey: string | null;
  logLevel: string;
  /** Search service and photo storage (catalogue/config.ts). */
  catalogue: CatalogueConfig;
  /** Paystack or its sandbox, the platform fee, the completion-code key (payments/config.ts). */
  payments: PaymentsConfig;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee api/.env.example.`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  const catalogue = loadCatalogueConfig(env, dataDir);
  const payments = loadPaymentsConfig(env, e.NODE_ENV, dataDir);
  const problems = [...catalogue.problems, ...payments.problems];
  if (problems.length > 0) throw new ConfigError(problems);
  const domain = e.UNIVERSITY_EMAIL_DOMAIN.toLowerCase();
  return {
    port: e.PORT ?? e.API_PORT ?? 4000,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dir: path.join(dataDir, 'pglite') },
    dataDir,
    redisUrl: e.REDIS_URL ?? null,
    appUrl: e.APP_URL.replace(/\/$/, ''),
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : DEFAULT_CORS,
    trustProxy: e.TRUST_PROXY,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    apiPublicUrl: (e.API_PUBLIC_URL ?? `http://localhost:${e.PORT ?? e.API_PORT ?? 4000}`).replace(/\/$/, ''),
    apiDocs: e.API_DOCS ? e.API_DOCS === 'true' : e.NODE_ENV !== 'production',
    mailPrint: e.MAIL_PRINT === 'true',
    passwordHashParams: e.NODE_ENV === 'test' ? TEST_PASSWORD_PARAMS : PASSWORD_PARAMS,
    universityName: e.UNIVERSITY_NAME,
    universityEmailDomain: domain,
    universityEmailRule: { foldPlusTags: e.UNIVERSITY_EMAIL_FOLD_PLUS_TAGS === 'true', foldDots: e.UNIVERSITY_EMAIL_FOLD_DOTS === 'true' },
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? `${e.UNIVERSITY_NAME} Marketplace <no-reply@${domain}>`,
    testSupportSecret: e.TEST_SUPPORT_SECRET ?? null,
    opsTotpKey: e.OPS_TOTP_KEY ?? null,
    challengeHmacKey: e.CHALLENGE_HMAC_KEY ?? null,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    catalogue: catalogue.config,
    payments: payments.config,
  };
}
