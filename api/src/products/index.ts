/** The products domain's public face: its routes, the product views counter, and the product rows and wire shapes other domains build on. */
export * from './repository';
export { ProductViews, utcDay, VIEWS_PER_CLIENT_PER_DAY } from './views';
export { storeProductViews } from './views-repository';
