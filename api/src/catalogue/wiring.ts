/** The catalogue domain's wiring: what only the route map (api/src/routes.ts) registers. Other code imports ./index.ts. */
export { default as cataloguePlugin } from './plugin';
