/**
 * Settings, Payments (spec sections 2, 5, 9; issue 13): the 24 settings banks,
 * account number and name required, and the current password asked again.
 * The API checks the account with the bank and keeps the bank's name for it,
 * which is shown to the seller after the save.
 */
import { useState, type FormEvent } from 'react';
import { SETTINGS_BANKS } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { sellerPaymentUpdateSchema, type SellerSummary } from '@campus/shared/schemas';
import { Button, Field, Input, NativeSelect, Stack, Text, chakra } from '@campus/shared/ui';
import { Banner } from '../../../components/Banner';
import { toFormData } from '../../../lib/form-data';
import { useSettingsSave } from '../api/use-settings-save';

export const resolvedNameText = (name: string) => `Your bank knows this account as ${name}. Payouts go to that name.`;

export function PaymentsForm({ seller }: { seller: SellerSummary }) {
  // A store opened with an onboarding bank name ("GTBank") keeps it selectable.
  const banks = (SETTINGS_BANKS as readonly string[]).includes(seller.bankName) ? SETTINGS_BANKS : [seller.bankName, ...SETTINGS_BANKS];
  const [values, setValues] = useState({ bankName: seller.bankName, accountNumber: seller.accountNumber, accountName: seller.accountName, currentPassword: '' });
  const { banner, setBanner, saving, save: send } = useSettingsSave(seller.id, {
    success: MESSAGES.seller.paymentUpdated,
    failure: 'Payment information could not be saved. Please try again.',
  });
  const [resolvedName, setResolvedName] = useState<string | null>(null);
  const set = (name: keyof typeof values) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [name]: value }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setResolvedName(null);
    if (!values.bankName || !values.accountNumber.trim() || !values.accountName.trim() || !values.currentPassword) {
      setBanner({ status: 'error', text: MESSAGES.validation.fillAllRequiredFields });
      return;
    }
    const checked = sellerPaymentUpdateSchema.safeParse(values);
    if (!checked.success) {
      setBanner({ status: 'error', text: checked.error.issues[0]?.message ?? MESSAGES.validation.fillAllRequiredFields });
      return;
    }
    const profile = await send(toFormData(values));
    if (!profile) return;
    setValues((v) => ({ ...v, accountName: profile.accountName, currentPassword: '' }));
    setResolvedName(profile.accountName);
  };

  return (
    <chakra.form onSubmit={save} noValidate maxW="2xl">
      <Stack gap="4">
        <Banner message={banner} onDismiss={() => setBanner(null)} />
        {resolvedName ? (
          <Text fontSize="sm" data-testid="resolved-name">
            {resolvedNameText(resolvedName)}
          </Text>
        ) : null}
        <Field.Root required>
          <Field.Label>
            Bank name <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={values.bankName} onChange={set('bankName')}>
              {banks.map((bank) => (
                <option key={bank} value={bank}>
                  {bank}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            Account number <Field.RequiredIndicator />
          </Field.Label>
          <Input value={values.accountNumber} onChange={set('accountNumber')} inputMode="numeric" maxLength={10} autoComplete="off" />
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            Account name <Field.RequiredIndicator />
          </Field.Label>
          <Input value={values.accountName} onChange={set('accountName')} maxLength={120} />
          <Field.HelperText>We check the account with your bank and keep the name it gives.</Field.HelperText>
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            Current password <Field.RequiredIndicator />
          </Field.Label>
          <Input type="password" value={values.currentPassword} onChange={set('currentPassword')} autoComplete="current-password" />
          <Field.HelperText>Asked again because this decides where your money goes.</Field.HelperText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={saving} loadingText="Saving...">
          Save payment information
        </Button>
      </Stack>
    </chakra.form>
  );
}
