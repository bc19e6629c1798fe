/** The platform domain's wiring: what only the route map (api/src/routes.ts) registers. Other code imports ./index.ts. */
export { cspReportRoute } from './csp-reports';
export { default as devMailbox } from './dev-mailbox';
export { default as housekeepingPlugin } from './housekeeping';
export { platformRoutes } from './routes';
export { default as testSupport } from './test-support';
