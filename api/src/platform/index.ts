/** The platform domain's public face: health and search settings routes, the development mailbox, the test-support interface, the hourly housekeeping. */
export { cspReportRoute } from './csp-reports';
export { default as devMailbox } from './dev-mailbox';
export { checkStoredNames, logNameReport, type NameReport } from './name-check';
export { default as housekeepingPlugin, type HousekeepingReport } from './housekeeping';
export { platformRoutes } from './routes';
export { databaseSentMailRecord } from './sent-mail-repository';
export { default as testSupport, TEST_SUPPORT_SECRET_HEADER } from './test-support';
