/** The cart domain's public face: its routes. */
export { cartRoutes } from './routes';
