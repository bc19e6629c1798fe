/**
 * One account per mailbox: the spellings of an address that the university's
 * mail delivers to the same mailbox compare equal in their canonical form.
 * Case is always folded (mail servers ignore it in practice); plus-tags
 * (`name+tag@` → `name@`) and dots (`a.b@` → `ab@`) as the university's mail
 * treats them (config: UNIVERSITY_EMAIL_FOLD_PLUS_TAGS, on by default, and
 * UNIVERSITY_EMAIL_FOLD_DOTS, off by default: folding what the server keeps
 * apart would refuse a second, real student).
 */
export interface MailboxRule {
  foldPlusTags: boolean;
  foldDots: boolean;
}

export const DEFAULT_MAILBOX_RULE: MailboxRule = { foldPlusTags: true, foldDots: false };

export function canonicalEmail(email: string, rule: MailboxRule = DEFAULT_MAILBOX_RULE): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  if (rule.foldPlusTags) local = local.split('+')[0] ?? local;
  if (rule.foldDots) local = local.replaceAll('.', '');
  // `+tag@` or `.@` alone folds to nothing: keep it as typed rather than join every such address.
  return `${local || lower.slice(0, at)}${lower.slice(at)}`;
}
