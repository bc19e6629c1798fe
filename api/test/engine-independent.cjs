/**
 * Test files whose logic does not depend on the database engine: HTTP protocol and headers,
 * e-mail, password hashing, S3, the Paystack sandbox's own protocol, and pure rules. They run on
 * PGlite only; the PostgreSQL pass leaves them out (jest.config.cjs), so each runs once.
 * Every file that exercises SQL, locks, LISTEN/NOTIFY, transactions or concurrency runs on both
 * engines: a file belongs here only when what it asserts would read the same on either.
 */
module.exports = [
  'platform/route-map.test.ts',
  'platform/security-headers.test.ts',
  'platform/csp-reports.test.ts',
  'platform/smtp.test.ts',
  'platform/mailer.test.ts',
  'platform/html.test.ts',
  'platform/domain-errors.test.ts',
  'accounts/password-hashing.test.ts',
  // The limits' numbers as a policy (1,100 requests); the counters' SQL on both engines is counter-stores.test.ts's.
  'accounts/campus-limits.test.ts',
  'photos/s3-storage.test.ts',
  'sellers/upload-limit.test.ts',
  'payments/paystack-sandbox.test.ts',
  'payments/paystack-conformance.test.ts',
  'payments/fee-rules.test.ts',
  'payments/checkout-rules.test.ts',
  'orders/rules.test.ts',
  'search/units.test.ts',
];
