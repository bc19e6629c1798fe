/**
 * Settings, Payments (spec sections 2, 5, 9): the 24 settings banks,
 * account number and name required, and the current password asked again.
 * The API checks the account with the bank and keeps the bank's name for it,
 * which is shown to the seller after the save.
 */
import { useState } from 'react';
import { SETTINGS_BANKS } from '@campus/shared/constants';
import { FormStack, SelectField, TextField, firstErrorMessage, useContractForm } from '@campus/shared/form';
import { MESSAGES } from '@campus/shared/messages';
import { sellerPaymentUpdateSchema, type SellerSummary } from '@campus/shared/schemas';
import { Button, Text } from '@campus/shared/ui';
import { Banner } from '../../../components/Banner';
import { useSettingsSave } from '../api/use-settings-save';

export const resolvedNameText = (name: string) => `Your bank knows this account as ${name}. Payouts go to that name.`;

export function PaymentsForm({ seller }: { seller: SellerSummary }) {
  // A store opened with an onboarding bank name ("GTBank") keeps it selectable.
  const banks = (SETTINGS_BANKS as readonly string[]).includes(seller.bankName) ? SETTINGS_BANKS : [seller.bankName, ...SETTINGS_BANKS];
  const { register, handleSubmit, getValues, setValue } = useContractForm(sellerPaymentUpdateSchema, {
    defaultValues: { bankName: seller.bankName, accountNumber: seller.accountNumber, accountName: seller.accountName, currentPassword: '' },
  });
  const {
    banner,
    setBanner,
    saving,
    save: send,
  } = useSettingsSave(seller.id, {
    success: MESSAGES.seller.paymentUpdated,
    failure: 'Payment information could not be saved. Please try again.',
  });
  const [resolvedName, setResolvedName] = useState<string | null>(null);

  const save = handleSubmit(
    async () => {
      const profile = await send({ fields: getValues() });
      if (!profile) return;
      setValue('accountName', profile.accountName);
      setValue('currentPassword', '');
      setResolvedName(profile.accountName);
    },
    (errors) => {
      const values = getValues();
      const blank = !values.bankName || !values.accountNumber.trim() || !values.accountName.trim() || !values.currentPassword;
      setBanner({
        status: 'error',
        text: blank ? MESSAGES.validation.fillAllRequiredFields : (firstErrorMessage(errors) ?? MESSAGES.validation.fillAllRequiredFields),
      });
    },
  );

  return (
    <FormStack
      onSubmit={(event) => {
        setResolvedName(null);
        return save(event);
      }}
      gap="4"
      maxW="2xl"
    >
      <Banner message={banner} onDismiss={() => setBanner(null)} />
      {resolvedName ? (
        <Text fontSize="sm" data-testid="resolved-name">
          {resolvedNameText(resolvedName)}
        </Text>
      ) : null}
      <SelectField label="Bank name" required options={banks} {...register('bankName')} />
      <TextField label="Account number" required inputMode="numeric" maxLength={10} autoComplete="off" {...register('accountNumber')} />
      <TextField
        label="Account name"
        required
        maxLength={120}
        helperText="We check the account with your bank and keep the name it gives."
        {...register('accountName')}
      />
      <TextField
        label="Current password"
        required
        type="password"
        autoComplete="current-password"
        helperText="Asked again because this decides where your money goes."
        {...register('currentPassword')}
      />
      <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={saving} loadingText="Saving...">
        Save payment information
      </Button>
    </FormStack>
  );
}
