/** The products domain's wiring: what only the route map (api/src/routes.ts) registers. Other code imports ./index.ts. */
export { productRoutes } from './routes';
export { default as productViewsPlugin } from './plugin';
