import { useState } from 'react';
import { messageOr } from '@campus/shared/api-client';
import { MESSAGES } from '@campus/shared/messages';
import { changePasswordFormSchema, type ChangePasswordFields } from '@campus/shared/schemas';
import { Button, Heading } from '@campus/shared/ui';
import { FormStack, TextField, useContractForm } from '@campus/shared/form';
import { ErrorPanel, SuccessPanel } from '../../../components/MessagePanel';
import { changePassword } from '../api';

const EMPTY: ChangePasswordFields = { oldPassword: '', newPassword: '', repeatPassword: '' };

/**
 * Account tab, change password. Spec section 5: these fields have no client
 * checks (the form's schema takes any text); the server's answer is shown as it comes.
 */
export function ChangePasswordForm() {
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useContractForm(changePasswordFormSchema, { defaultValues: EMPTY });

  const onSubmit = async ({ oldPassword, newPassword }: ChangePasswordFields) => {
    setServerError(null);
    setNotice(null);
    try {
      setNotice((await changePassword({ oldPassword, newPassword })) ?? null);
      reset(EMPTY);
    } catch (error) {
      setServerError(messageOr(error, MESSAGES.profile.updateFailed));
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
      <TextField label="Repeat new password" type="password" autoComplete="new-password" {...register('repeatPassword')} />
      <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={isSubmitting}>
        {isSubmitting ? 'Changing password...' : 'Change Password'}
      </Button>
    </FormStack>
  );
}
