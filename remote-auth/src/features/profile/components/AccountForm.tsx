import { useState } from 'react';
import { MESSAGES } from '@campus/shared/messages';
import { updateProfileBodySchema, type UpdateProfileBody } from '@campus/shared/schemas';
import { sessionStore } from '@campus/shared/session';
import type { User } from '@campus/shared/types';
import { Button, Heading, SimpleGrid } from '@campus/shared/ui';
import { FormStack, TextField, useContractForm } from '@campus/shared/form';
import { ErrorPanel, SuccessPanel } from '../../../components/MessagePanel';
import { formErrorMap } from '../../../lib/zod-messages';
import { updateProfile } from '../api';

const namesSchema = updateProfileBodySchema.pick({ firstName: true, lastName: true });
type NamesForm = Pick<UpdateProfileBody, 'firstName' | 'lastName'>;

/** Account tab, personal details: first and last names editable, e-mail shown but locked. */
export function AccountForm({ user }: { user: User }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm(namesSchema, {
    errorMap: formErrorMap,
    values: { firstName: user.firstName, lastName: user.lastName },
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = async ({ firstName, lastName }: NamesForm) => {
    setServerError(null);
    setNotice(null);
    try {
      const displayName = `${firstName} ${lastName ?? ''}`.trim();
      const { user: updated, message } = await updateProfile({ firstName, lastName, displayName, email: user.email });
      // Through the shared store, so the navbar and every remote see the new name at once.
      sessionStore.getState().setUser(updated);
      setNotice(message ?? null);
    } catch {
      setServerError(MESSAGES.profile.updateFailed);
    }
  };

  return (
    <FormStack onSubmit={handleSubmit(onSubmit)} labelledBy="account-details-title" gap={4}>
      <Heading as="h2" size="lg" id="account-details-title">
        Personal details
      </Heading>
      <ErrorPanel message={serverError} />
      <SuccessPanel message={notice} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
        <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </SimpleGrid>
      <TextField label="Email" type="email" value={user.email} disabled readOnly helperText={MESSAGES.validation.emailCannotBeChanged} />
      <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save Changes'}
      </Button>
    </FormStack>
  );
}
