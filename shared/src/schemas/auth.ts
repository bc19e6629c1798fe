/**
 * Account forms and request bodies (spec sections 5 and 7). The same objects
 * validate a form in remote-auth and a request body in the API. Schemas that
 * check the university e-mail are built from the configured domain.
 */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH, VERIFICATION_CODE_LENGTH } from '../constants';
import { exampleUniversityEmail, universityEmailPattern } from '../email';
import { MESSAGES } from '../messages';
import { visibleName } from './names';

const m = MESSAGES.validation;

type EmailMessage = 'long' | 'short' | 'register';

export function universityEmailSchema(domain: string, wording: EmailMessage = 'long') {
  const example = exampleUniversityEmail(domain);
  const message =
    wording === 'long'
      ? m.universityEmailLong(example)
      : wording === 'short'
        ? m.universityEmailShort(example)
        : m.universityEmailRegister(example);
  return z.string().trim().toLowerCase().regex(universityEmailPattern(domain), { message });
}

export const passwordSchema = lazySchema(() => z.string().min(PASSWORD_MIN_LENGTH, { message: m.passwordMin }).max(200));

export function loginBodySchema(domain: string) {
  return z.object({
    email: universityEmailSchema(domain, 'long'),
    password: z.string().min(1).max(200),
    /** What the last successful sign-in from this browser gave: lets it past a lock-out of the account. */
    deviceToken: z.string().max(200).optional(),
  });
}
export type LoginBody = z.infer<ReturnType<typeof loginBodySchema>>;

/**
 * A solved proof-of-work challenge (GET /auth/challenge), base64 JSON: what sign-up, verification,
 * resend and forgot-password need past a threshold of requests from one address (answered 428).
 */
const proofOfWorkSolution = () => z.string().max(2000).optional();

/** The request body of POST /auth/register. */
export function registerBodySchema(domain: string) {
  return z.object({
    name: visibleName(z.string().trim().min(NAME_MIN_LENGTH, { message: m.fullNameMin }).max(100)),
    email: universityEmailSchema(domain, 'long'),
    password: passwordSchema,
    altcha: proofOfWorkSolution(),
  });
}
export type RegisterBody = z.infer<ReturnType<typeof registerBodySchema>>;

/** The register form: the request body plus the repeated password. */
export function registerFormSchema(domain: string) {
  return registerBodySchema(domain)
    .omit({ altcha: true })
    .extend({ confirmPassword: z.string() })
    .refine((v) => v.password === v.confirmPassword, { message: m.passwordsDoNotMatch, path: ['confirmPassword'] });
}
export type RegisterForm = z.infer<ReturnType<typeof registerFormSchema>>;

export const verificationCodeSchema = lazySchema(() =>
  z.string().regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), { message: m.verificationCodeIncomplete }),
);

export function verifyEmailBodySchema(domain: string) {
  return z.object({ email: universityEmailSchema(domain, 'short'), code: verificationCodeSchema, altcha: proofOfWorkSolution() });
}
export type VerifyEmailBody = z.infer<ReturnType<typeof verifyEmailBodySchema>>;

export function emailOnlyBodySchema(domain: string) {
  return z.object({ email: universityEmailSchema(domain, 'short'), altcha: proofOfWorkSolution() });
}
export type EmailOnlyBody = z.infer<ReturnType<typeof emailOnlyBodySchema>>;

export const resetPasswordBodySchema = lazySchema(() => z.object({ token: z.string().min(1).max(500), newPassword: passwordSchema }));
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** POST /auth/refresh: the session's current renewal token (each works once). */
export const renewSessionBodySchema = lazySchema(() => z.object({ refreshToken: z.string().min(1).max(200) }));
export type RenewSessionBody = z.infer<typeof renewSessionBodySchema>;

/** The reset form: new password and its repeat (the token comes from the URL). */
export const resetPasswordFormSchema = lazySchema(() =>
  z
    .object({ newPassword: passwordSchema, confirmPassword: z.string() })
    .refine((v) => v.newPassword === v.confirmPassword, { message: m.passwordsDoNotMatch, path: ['confirmPassword'] }),
);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** PUT /users/profile. The e-mail may be sent but can never change (checked by the API). */
export const updateProfileBodySchema = lazySchema(() =>
  z.object({
    firstName: visibleName(z.string().trim().min(1).max(60)),
    lastName: visibleName(z.string().trim().max(60)).default(''),
    displayName: visibleName(z.string().trim().max(120)).optional(),
    email: z.string().trim().toLowerCase().optional(),
  }),
);
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** Account tab change-password (our path: POST /users/change-password). Spec: no client-side checks. */
export const changePasswordBodySchema = lazySchema(() =>
  z.object({ oldPassword: z.string().min(1).max(200), newPassword: passwordSchema }),
);
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The change-password form: the spec asks for no client-side checks, so any text passes and the server's answer is shown. */
export const changePasswordFormSchema = lazySchema(() =>
  z.object({ oldPassword: z.string(), newPassword: z.string(), repeatPassword: z.string() }),
);
export type ChangePasswordFields = z.infer<typeof changePasswordFormSchema>;

export const loginResponseSchema = lazySchema(() => z.object({ token: z.string(), message: z.string().optional() }));
