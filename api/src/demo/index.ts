/** The demo's term of history (history.ts): made through the product's own services on a fresh demo database. */
export { DEMO_HISTORY_DAYS, demoHistoryWanted, seedDemoHistory, type DemoHistorySummary } from './history';
