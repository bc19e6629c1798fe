/** The wishlist domain's wiring: what only the route map (api/src/routes.ts) registers. Other code imports ./index.ts. */
export { wishlistRoutes } from './routes';
