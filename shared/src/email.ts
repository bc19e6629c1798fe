/**
 * The university e-mail rule of spec section 5: any non-space text before @
 * followed by the configured university domain (case-insensitive).
 */
export function universityEmailPattern(domain: string): RegExp {
  const escaped = domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^[^\\s@]+@${escaped}$`, 'i');
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
