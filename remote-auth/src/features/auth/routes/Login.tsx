import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { readApiError } from '@campus/shared/api-client';
import { loginBodySchema, type LoginBody, type LoginResult } from '@campus/shared/schemas';
import { sessionStore } from '@campus/shared/session';
import { Button, Heading, Link, Stack, Text, usePageTitle } from '@campus/shared/ui';
import { FormStack } from '../../../components/FormStack';
import { ErrorPanel } from '../../../components/MessagePanel';
import { TextField } from '../../../components/TextField';
import { getUniversity } from '@campus/shared/runtime-config';
import { formErrorMap } from '../../../lib/zod-messages';
import { storePendingEmail } from '../../../lib/pending-email';
import { checkConnectivity, login } from '../api';
import { connectivityMessage, loginErrorMessage } from '../lib/error-messages';

/** How long the 403 text stays before going to /verify, so the student can read it. */
export const UNVERIFIED_REDIRECT_MS = 2000;

/** /login: e-mail and password, after a connectivity check of the API. */
export function Login() {
  usePageTitle('Sign In');
  const navigate = useNavigate();
  const { emailDomain, exampleEmail } = getUniversity();
  const schema = useMemo(() => loginBodySchema(emailDomain), [emailDomain]);
  const [serverError, setServerError] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: zodResolver(schema, { error: formErrorMap }), defaultValues: { email: '', password: '' } });

  const onSubmit = async (body: LoginBody) => {
    setServerError(null);
    try {
      await checkConnectivity();
    } catch (error) {
      const unreachable = connectivityMessage(readApiError(error));
      if (unreachable) {
        setServerError(unreachable);
        return;
      }
    }
    let result: LoginResult;
    try {
      result = await login(body);
    } catch (error) {
      const info = readApiError(error);
      setServerError(loginErrorMessage(info));
      if (info.status === 403) {
        storePendingEmail(body.email);
        redirectTimer.current = setTimeout(
          () => navigate('/verify', { state: { email: body.email } }),
          UNVERIFIED_REDIRECT_MS,
        );
      }
      return;
    }
    // The answer carries the user with its seller data: the navbar follows at once, no further request.
    sessionStore.getState().signIn(result.token, result.user);
    navigate('/marketplace', { replace: true });
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
        <RouterLink to="/forgot-password">Forgot password?</RouterLink>
      </Link>
      <Button type="submit" colorPalette="brand" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
      <Text fontSize="sm" textAlign="center">
        Don&apos;t have an account?{' '}
        <Link asChild colorPalette="brand" fontWeight="semibold">
          <RouterLink to="/register">Sign Up</RouterLink>
        </Link>
      </Text>
    </FormStack>
  );
}
