import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { readApiError } from '@campus/shared/api-client';
import { MESSAGES } from '@campus/shared/messages';
import { Button, Heading } from '@campus/shared/ui';
import { FormStack } from '../../../components/FormStack';
import { ErrorPanel, SuccessPanel } from '../../../components/MessagePanel';
import { TextField } from '../../../components/TextField';
import { changePassword } from '../api';

interface ChangePasswordFields {
  oldPassword: string;
  newPassword: string;
  repeatPassword: string;
}

const EMPTY: ChangePasswordFields = { oldPassword: '', newPassword: '', repeatPassword: '' };

/**
 * Account tab, change password. Spec section 5: these fields have no client
 * checks, so no resolver; the server's answer is shown as it comes.
 */
export function ChangePasswordForm() {
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<ChangePasswordFields>({ defaultValues: EMPTY });

  const onSubmit = async ({ oldPassword, newPassword }: ChangePasswordFields) => {
    setServerError(null);
    setNotice(null);
    try {
      setNotice((await changePassword({ oldPassword, newPassword })) ?? null);
      reset(EMPTY);
    } catch (error) {
      setServerError(readApiError(error).serverMessage ?? MESSAGES.profile.updateFailed);
    }
  };

  return (
    <FormStack onSubmit={handleSubmit(onSubmit)} labelledBy="change-password-title" gap={4}>
      <Heading as="h2" size="lg" id="change-password-title">
        Change password
      </Heading>
      <ErrorPanel message={serverError} />
      <SuccessPanel message={notice} />
      <TextField label="Old password" type="password" autoComplete="current-password" {...register('oldPassword')} />
      <TextField label="New password" type="password" autoComplete="new-password" {...register('newPassword')} />
      <TextField
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        {...register('repeatPassword')}
      />
      <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={isSubmitting}>
        {isSubmitting ? 'Changing password...' : 'Change Password'}
      </Button>
    </FormStack>
  );
}
