/** The platform domain's public face: health and search settings routes, the development mailbox, the test-support interface, the hourly housekeeping. */
export { checkStoredNames, logNameReport, type NameReport } from './name-check';
export { type HousekeepingReport } from './housekeeping';
export { databaseSentMailRecord } from './sent-mail-repository';
export { TEST_SUPPORT_SECRET_HEADER } from './test-support';
