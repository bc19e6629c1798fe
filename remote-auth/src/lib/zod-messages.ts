import type { z } from 'zod';
import { MESSAGES } from '@campus/shared/messages';

/**
 * Per-parse error map for the few rules whose shared schema carries no spec
 * text (an empty login password, an empty name on the Account tab), so a form
 * never shows zod's default English.
 */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code !== 'too_small') return undefined;
  const field = issue.path?.[issue.path.length - 1];
  if (field === 'password') return MESSAGES.validation.passwordMin;
  if (field === 'firstName' || field === 'lastName') return MESSAGES.validation.fillAllRequiredFields;
  return undefined;
};
