/** The products domain's public face: its routes, and the product rows and wire shapes other domains build on. */
export * from './repository';
export { productRoutes } from './routes';
