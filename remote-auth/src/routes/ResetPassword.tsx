import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { REDIRECT_AFTER_RESET_MS } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@campus/shared/schemas';
import { Button, Heading, Link, Stack, Text, usePageTitle } from '@campus/shared/ui';
import { FormStack, TextField, useContractForm } from '@campus/shared/form';
import { ErrorPanel, SuccessPanel } from '../components/MessagePanel';
import { resetPassword } from '../features/auth/api';
import { href } from '@campus/shared/federation';

/** /reset-password?token=…: the link from the reset e-mail. */
export function ResetPassword() {
  usePageTitle('Reset Password');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [serverError, setServerError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm(resetPasswordFormSchema, {
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async ({ newPassword }: ResetPasswordForm) => {
    setServerError(null);
    try {
      await resetPassword({ token, newPassword });
    } catch {
      setServerError(MESSAGES.password.resetFailed);
      return;
    }
    setSuccess(MESSAGES.password.resetSuccess);
    redirectTimer.current = setTimeout(() => navigate(href('login'), { replace: true }), REDIRECT_AFTER_RESET_MS);
  };

  const heading = (
    <Stack gap={1}>
      <Heading as="h1" size="2xl" id="reset-title">
        Reset password
      </Heading>
      <Text color="fg.muted">Choose a new password for your account.</Text>
    </Stack>
  );

  if (!token) {
    return (
      <Stack gap={5} aria-labelledby="reset-title">
        {heading}
        <ErrorPanel message={MESSAGES.validation.invalidResetLink} focusOnShow={false} />
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to={href('forgotPassword')}>Request a new link</RouterLink>
        </Button>
      </Stack>
    );
  }

  return (
    <FormStack onSubmit={handleSubmit(onSubmit)} labelledBy="reset-title">
      {heading}
      <ErrorPanel message={serverError} />
      <SuccessPanel message={success} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        disabled={Boolean(success)}
        {...register('newPassword')}
      />
      <TextField
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        disabled={Boolean(success)}
        {...register('confirmPassword')}
      />
      <Button type="submit" colorPalette="brand" size="lg" disabled={isSubmitting || Boolean(success)}>
        {isSubmitting ? 'Resetting...' : 'Reset Password'}
      </Button>
      <Link asChild alignSelf="center" fontSize="sm" colorPalette="brand">
        <RouterLink to={href('login')}>Back to Sign In</RouterLink>
      </Link>
    </FormStack>
  );
}
