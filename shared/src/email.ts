/**
 * The university e-mail rule of spec section 5: a local part before @
 * followed by the configured university domain (case-insensitive).
 *
 * The spec allows "any non-space text" before the @; we allow a plain local
 * part only: letters, digits, `.`, `_`, `+` and `-`, not starting or ending
 * with a dot, no two dots in a row. Quoted parts, comments and commas
 * (`"ada"@`, `ada(1)@`, `x,victim@`) would register as separate accounts
 * while the mail reaches someone else's mailbox.
 */
export function universityEmailPattern(domain: string): RegExp {
  const escaped = domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(?!\\.)(?!.*\\.\\.)[A-Za-z0-9._+-]{1,64}(?<!\\.)@${escaped}$`, 'i');
}

/** The one stored form of a university address: trimmed and lower-cased (checked against the pattern first). */
export function canonicalEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isUniversityEmail(email: string, domain: string): boolean {
  return universityEmailPattern(domain).test(email.trim());
}

/** The example shown in the messages, e.g. "student@campus.edu.ng". */
export function exampleUniversityEmail(domain: string): string {
  return `student@${domain}`;
}

export const DEFAULT_UNIVERSITY_DOMAIN = 'campus.edu.ng';
export const DEFAULT_UNIVERSITY_NAME = 'Campus University';
