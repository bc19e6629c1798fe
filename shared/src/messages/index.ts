/**
 * Every user-facing text of spec section 8 (and the section 5 validation texts), as
 * `MESSAGES.<domain>.<text>`; texts that carry a value are functions. Screens and the API read
 * them from here so a text lives in exactly one place: one module per domain in this folder.
 *
 * A namespace, not one object, and not a shared module of the federation (create-config's
 * NOT_SHARED): texts hold no state, and each chunk carries only the domains its code reads. One
 * shared object carried every text to every page (6.4 KB gzip before /marketplace's results).
 */
export * as MESSAGES from './domains';
