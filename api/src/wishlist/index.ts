/** The wishlist domain's public face: its routes. */
export { wishlistRoutes } from './routes';
