import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { readApiError } from '@campus/shared/api-error';
import { REDIRECT_AFTER_VERIFY_MS } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { emailOnlyBodySchema, verifyEmailBodySchema, type VerifyEmailBody } from '@campus/shared/schemas';
import { Button, Heading, Link, Stack, Text, usePageTitle } from '@campus/shared/ui';
import { ErrorPanel, SuccessPanel } from '../components/MessagePanel';
import { clearPendingEmail, readPendingEmail } from '../lib/pending-email';
import { getUniversity } from '@campus/shared/runtime-config';
import { Controller, FormStack, TextField, useContractForm } from '@campus/shared/form';
import { resendVerification, verifyEmail } from '../features/auth/api';
import { verifyErrorMessage } from '../features/auth/lib/error-messages';
import { CodeBoxes } from '../features/auth/components/CodeBoxes';
import { href, returnPathFrom, withReturnPath } from '@campus/shared/federation';

function emailFromState(state: unknown): string | undefined {
  if (typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string') {
    return state.email;
  }
  return undefined;
}

const CODE_ERROR_ID = 'verify-code-error';

/** /verify: the 6-digit code e-mailed after sign-up, with resend. */
export function Verify() {
  usePageTitle('Verify Your Email');
  const navigate = useNavigate();
  const location = useLocation();
  // The page a guard sent the student away from: signing in after verifying returns there.
  const loginPath = withReturnPath(href('login'), returnPathFrom(location.search));
  const { emailDomain } = getUniversity();
  const schema = useMemo(() => verifyEmailBodySchema(emailDomain), [emailDomain]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const {
    register,
    control,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors, isSubmitting },
  } = useContractForm(schema, {
    defaultValues: { email: emailFromState(location.state) ?? readPendingEmail(), code: '' },
  });

  const onSubmit = async (body: VerifyEmailBody) => {
    setServerError(null);
    setSuccess(null);
    try {
      await verifyEmail(body);
    } catch (error) {
      setServerError(verifyErrorMessage(readApiError(error)));
      return;
    }
    clearPendingEmail();
    setSuccess(MESSAGES.verify.success);
    redirectTimer.current = setTimeout(() => navigate(loginPath, { replace: true }), REDIRECT_AFTER_VERIFY_MS);
  };

  const onResend = async () => {
    setServerError(null);
    setSuccess(null);
    // The e-mail alone is checked (the code may still be empty), by the form's own schema.
    if (!(await trigger('email', { shouldFocus: true }))) return;
    setResending(true);
    try {
      await resendVerification(emailOnlyBodySchema(emailDomain).parse({ email: getValues('email') }));
      setSuccess(MESSAGES.verify.resent);
    } catch {
      setServerError(MESSAGES.verify.resendFailed);
    } finally {
      setResending(false);
    }
  };

  const done = success === MESSAGES.verify.success;
  const busy = isSubmitting || resending || done;

  return (
    <FormStack onSubmit={handleSubmit(onSubmit)} labelledBy="verify-title">
      <Stack gap={1}>
        <Heading as="h1" size="2xl" id="verify-title">
          Verify your e-mail
        </Heading>
        <Text color="fg.muted">Enter the 6-digit code we sent to your university e-mail.</Text>
      </Stack>
      <ErrorPanel message={serverError} />
      {/* The code rule reads as a sentence: it goes in the red panel, focus goes to the first empty box,
          and the boxes name the panel in aria-describedby so the rule is read with them. */}
      <ErrorPanel id={CODE_ERROR_ID} message={errors.code?.message} focusOnShow={false} />
      <SuccessPanel message={success} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} disabled={done} {...register('email')} />
      <Controller
        control={control}
        name="code"
        render={({ field }) => (
          <CodeBoxes
            // react-hook-form focuses the first invalid field through this ref.
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            invalid={Boolean(errors.code)}
            errorId={errors.code?.message ? CODE_ERROR_ID : undefined}
            disabled={done}
          />
        )}
      />
      <Button type="submit" colorPalette="brand" size="lg" disabled={busy}>
        {isSubmitting ? 'Verifying...' : 'Verify Email'}
      </Button>
      <Text fontSize="sm" textAlign="center">
        Didn&apos;t get a code?{' '}
        <Button variant="plain" colorPalette="brand" size="sm" px={1} onClick={onResend} disabled={busy}>
          {resending ? 'Resending...' : 'Resend code'}
        </Button>
      </Text>
      <Link asChild alignSelf="center" fontSize="sm" colorPalette="brand">
        <RouterLink to={loginPath}>Back to Sign In</RouterLink>
      </Link>
    </FormStack>
  );
}
