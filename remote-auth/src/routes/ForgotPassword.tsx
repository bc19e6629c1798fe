import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGES } from '@campus/shared/messages';
import { emailOnlyBodySchema, type EmailOnlyBody } from '@campus/shared/schemas';
import { Button, Heading, Link, Stack, Text, usePageTitle } from '@campus/shared/ui';
import { ErrorPanel, SuccessPanel } from '../components/MessagePanel';
import { getUniversity } from '@campus/shared/runtime-config';
import { FormStack, TextField, useContractForm } from '@campus/shared/form';
import { forgotPassword } from '../features/auth/api';
import { href } from '@campus/shared/federation';

/** /forgot-password: asks for a reset link; the answer never tells whether the account exists. */
export function ForgotPassword() {
  usePageTitle('Forgot Password');
  const { emailDomain, exampleEmail } = getUniversity();
  const schema = useMemo(() => emailOnlyBodySchema(emailDomain), [emailDomain]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm(schema, { defaultValues: { email: '' } });

  const onSubmit = async (body: EmailOnlyBody) => {
    setServerError(null);
    setSuccess(null);
    try {
      await forgotPassword(body);
      setSuccess(MESSAGES.password.forgotSuccess);
    } catch {
      setServerError(MESSAGES.password.forgotFailed);
    }
  };

  return (
    <FormStack onSubmit={handleSubmit(onSubmit)} labelledBy="forgot-title">
      <Stack gap={1}>
        <Heading as="h1" size="2xl" id="forgot-title">
          Forgot password
        </Heading>
        <Text color="fg.muted">Enter your university e-mail and we will send you a link to reset your password.</Text>
      </Stack>
      <ErrorPanel message={serverError} />
      <SuccessPanel message={success} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder={exampleEmail}
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" colorPalette="brand" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Link asChild alignSelf="center" fontSize="sm" colorPalette="brand">
        <RouterLink to={href('login')}>Back to Sign In</RouterLink>
      </Link>
    </FormStack>
  );
}
