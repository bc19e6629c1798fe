import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { readApiError } from '@campus/shared/api-error';
import { MESSAGES } from '@campus/shared/messages';
import { loginBodySchema, type LoginBody, type LoginResult } from '@campus/shared/schemas';
import { afterSignInPath, href, returnPathFrom, withReturnPath } from '@campus/shared/federation';
import { sessionStore } from '@campus/shared/session';
import { Button, Heading, Link, Stack, Text, usePageTitle } from '@campus/shared/ui';
import { ErrorPanel } from '../components/MessagePanel';
import { getUniversity } from '@campus/shared/runtime-config';
import { FormStack, TextField, useContractForm } from '@campus/shared/form';
import { formErrorMap } from '../lib/zod-messages';
import { storePendingEmail } from '../lib/pending-email';
import { login } from '../features/auth/api';
import { loginErrorMessage } from '../features/auth/lib/error-messages';

/** How long the 403 text stays before going to /verify, so the student can read it. */
export const UNVERIFIED_REDIRECT_MS = 2000;

/**
 * /login: e-mail and password; signing in is one request. It leads to the page a guard sent the
 * student away from (`?next=`, safe same-site paths only), else /marketplace; sign-up and
 * verification carry that page on.
 */
export function Login() {
  usePageTitle('Sign In');
  const navigate = useNavigate();
  const { search } = useLocation();
  const returnTo = returnPathFrom(search);
  const { emailDomain, exampleEmail } = getUniversity();
  const schema = useMemo(() => loginBodySchema(emailDomain), [emailDomain]);
  const [serverError, setServerError] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm(schema, { errorMap: formErrorMap, defaultValues: { email: '', password: '' } });

  const onSubmit = async (body: LoginBody) => {
    setServerError(null);
    // One request: the answer carries the token and the user with its seller data.
    let result: LoginResult;
    try {
      result = await login(body);
    } catch (error) {
      // By name, not instanceof: the caller's module (UnexpectedAnswerError's) loads with the request.
      if (error instanceof Error && error.name === 'UnexpectedAnswerError') {
        // A success without a usable token and user cannot sign anyone in: the spec's short fallback.
        setServerError(MESSAGES.login.failedShort);
        return;
      }
      const info = readApiError(error);
      setServerError(loginErrorMessage(info));
      if (info.status === 403) {
        storePendingEmail(body.email);
        redirectTimer.current = setTimeout(
          () => navigate(withReturnPath(href('verify'), returnTo), { state: { email: body.email } }),
          UNVERIFIED_REDIRECT_MS,
        );
      }
      return;
    }
    // The navbar follows at once: no further request.
    sessionStore.getState().signIn(result.token, result.user, result.refreshToken);
    navigate(afterSignInPath(search), { replace: true });
  };

  return (
    <FormStack onSubmit={handleSubmit(onSubmit)} labelledBy="login-title">
      <Stack gap={1}>
        <Heading as="h1" size="2xl" id="login-title">
          Sign In
        </Heading>
        <Text color="fg.muted">Welcome back. Sign in with your university e-mail.</Text>
      </Stack>
      <ErrorPanel message={serverError} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder={exampleEmail}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Link asChild alignSelf="flex-end" fontSize="sm" colorPalette="brand">
        <RouterLink to={href('forgotPassword')}>Forgot password?</RouterLink>
      </Link>
      <Button type="submit" colorPalette="brand" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
      <Text fontSize="sm" textAlign="center">
        Don&apos;t have an account?{' '}
        <Link asChild colorPalette="brand" fontWeight="semibold">
          <RouterLink to={withReturnPath(href('register'), returnTo)}>Sign Up</RouterLink>
        </Link>
      </Text>
    </FormStack>
  );
}
