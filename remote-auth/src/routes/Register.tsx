import { useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { readApiError } from '@campus/shared/api-error';
import { NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '@campus/shared/constants';
import { isUniversityEmail } from '@campus/shared/email';
import { MESSAGES } from '@campus/shared/messages';
import { registerFormSchema, type RegisterForm } from '@campus/shared/schemas';
import { Button, Heading, Link, Stack, Text, usePageTitle } from '@campus/shared/ui';
import { ErrorPanel } from '../components/MessagePanel';
import { getUniversity } from '@campus/shared/runtime-config';
import { FormStack, TextField, useContractForm } from '@campus/shared/form';
import { storePendingEmail } from '../lib/pending-email';
import { register as registerAccount } from '../features/auth/api';
import { registerErrorMessage } from '../features/auth/lib/error-messages';
import { href, returnPathFrom, withReturnPath } from '@campus/shared/federation';

const v = MESSAGES.validation;

/**
 * Spec section 5 gives register two wordings: short inline hints while the
 * student fills the form (shown once a field has been left), and the full
 * texts of the shared schema when the form is submitted.
 */
function inlineMessages(values: Partial<RegisterForm>, domain: string, example: string) {
  return {
    name: (values.name ?? '').trim().length < NAME_MIN_LENGTH ? v.nameMinInline : undefined,
    email: isUniversityEmail(values.email ?? '', domain) ? undefined : v.universityEmailRegister(example),
    password: (values.password ?? '').length < PASSWORD_MIN_LENGTH ? v.passwordMin : undefined,
    confirmPassword: values.confirmPassword !== values.password ? v.passwordsDoNotMatch : undefined,
  };
}

/** /register: full name, e-mail, password and its repeat. */
export function Register() {
  usePageTitle('Create Account');
  const navigate = useNavigate();
  // The page a guard sent the student away from, carried on through /verify to /login.
  const returnTo = returnPathFrom(useLocation().search);
  const { emailDomain, exampleEmail } = getUniversity();
  const schema = useMemo(() => registerFormSchema(emailDomain), [emailDomain]);
  const [serverError, setServerError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, touchedFields, isSubmitting, isSubmitted },
  } = useContractForm(schema, {
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  // Before the first submit, show the inline wording for fields the student has left.
  const inline = inlineMessages(watch(), emailDomain, exampleEmail);
  const messageFor = (field: keyof RegisterForm): string | undefined => {
    if (isSubmitted) return errors[field]?.message;
    return touchedFields[field] ? inline[field] : undefined;
  };

  const onSubmit = async ({ name, email, password }: RegisterForm) => {
    setServerError(null);
    try {
      await registerAccount({ name, email, password });
    } catch (error) {
      setServerError(registerErrorMessage(readApiError(error)));
      return;
    }
    storePendingEmail(email);
    navigate(withReturnPath(href('verify'), returnTo), { state: { email } });
  };

  return (
    <FormStack onSubmit={handleSubmit(onSubmit)} labelledBy="register-title">
      <Stack gap={1}>
        <Heading as="h1" size="2xl" id="register-title">
          Create Account
        </Heading>
        <Text color="fg.muted">Join the marketplace with your university e-mail.</Text>
      </Stack>
      <ErrorPanel message={serverError} />
      <TextField label="Full name" autoComplete="name" error={messageFor('name')} {...register('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder={exampleEmail}
        error={messageFor('email')}
        {...register('email')}
      />
      <TextField label="Password" type="password" autoComplete="new-password" error={messageFor('password')} {...register('password')} />
      <TextField
        label="Repeat password"
        type="password"
        autoComplete="new-password"
        error={messageFor('confirmPassword')}
        {...register('confirmPassword')}
      />
      <Button type="submit" colorPalette="brand" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
      <Text fontSize="sm" textAlign="center">
        Already have an account?{' '}
        <Link asChild colorPalette="brand" fontWeight="semibold">
          <RouterLink to={withReturnPath(href('login'), returnTo)}>Sign In</RouterLink>
        </Link>
      </Text>
    </FormStack>
  );
}
