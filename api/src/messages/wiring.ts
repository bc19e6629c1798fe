/** The messages domain's wiring: what only the route map (api/src/routes.ts) registers. Other code imports ./index.ts. */
export { eventStreamPlugin } from './plugin';
export { messageRoutes } from './routes';
export { eventStreamRoute } from './stream';
