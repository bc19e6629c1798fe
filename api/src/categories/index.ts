/** The categories domain's public face: its routes, and the category list the catalogue keeps. */
export { DEFAULT_CATEGORIES, ensureCategories, findCategory, listCategories } from './repository';
