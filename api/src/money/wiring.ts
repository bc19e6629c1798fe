/** The money domain's wiring: what only the route map (api/src/routes.ts) registers. Other code imports ./index.ts. */
export { disputeRoutes } from './disputes/routes';
export { orderRoutes } from './orders/routes';
export { paymentRoutes, webhookRoute } from './payments/routes';
