/**
 * `/product/:slug` -> a RegExp for request paths (a trailing slash allowed): how a page or a
 * screen prerendered for a pattern serves every path it matches.
 * @param {string} pattern
 */
export const patternRegExp = (pattern) => new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}/?$`);
