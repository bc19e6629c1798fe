/**
 * Settings, Store Info (spec sections 2, 5): catalogue name required; phone,
 * WhatsApp, location, description and picture optional.
 */
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@campus/shared/messages';
import { sellerStoreUpdateSchema, type SellerSummary } from '@campus/shared/schemas';
import { Button, Field, Input, Stack, Textarea, chakra } from '@campus/shared/ui';
import { Banner } from '../../../components/Banner';
import { toFormData } from '../../../lib/form-data';
import { useSettingsSave } from '../api/use-settings-save';

export function StoreInfoForm({ seller }: { seller: SellerSummary }) {
  const [values, setValues] = useState({
    catalogueName: seller.catalogueName,
    phoneNumber: seller.phoneNumber,
    whatsappNumber: seller.whatsappNumber ?? '',
    location: seller.location,
    storeDescription: seller.storeDescription ?? '',
  });
  const [picture, setPicture] = useState<File | null>(null);
  const { banner, setBanner, saving, save: send } = useSettingsSave(seller.id, {
    success: MESSAGES.seller.storeUpdated,
    failure: 'Store information could not be saved. Please try again.',
  });
  const set = (name: keyof typeof values) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [name]: value }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = sellerStoreUpdateSchema.safeParse(values);
    if (!checked.success) {
      setBanner({ status: 'error', text: checked.error.issues[0]?.message ?? MESSAGES.validation.fillAllRequiredFields });
      return;
    }
    // Every field goes, empty ones as empty: clearing a description or WhatsApp number is a change too.
    const form = toFormData({ catalogueName: values.catalogueName }, picture ? [picture] : [], 'cataloguePicture');
    form.append('storeDescription', values.storeDescription);
    form.append('whatsappNumber', values.whatsappNumber);
    if (values.phoneNumber.trim()) form.append('phoneNumber', values.phoneNumber);
    if (values.location.trim()) form.append('location', values.location);
    await send(form);
  };

  return (
    <chakra.form onSubmit={save} noValidate maxW="2xl">
      <Stack gap="4">
        <Banner message={banner} onDismiss={() => setBanner(null)} />
        <Field.Root required>
          <Field.Label>
            Catalogue name <Field.RequiredIndicator />
          </Field.Label>
          <Input value={values.catalogueName} onChange={set('catalogueName')} maxLength={80} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Phone number</Field.Label>
          <Input type="tel" value={values.phoneNumber} onChange={set('phoneNumber')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>WhatsApp number</Field.Label>
          <Input type="tel" value={values.whatsappNumber} onChange={set('whatsappNumber')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Location</Field.Label>
          <Input value={values.location} onChange={set('location')} maxLength={120} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Store description</Field.Label>
          <Textarea value={values.storeDescription} onChange={set('storeDescription')} rows={4} maxLength={1000} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Store picture</Field.Label>
          <Input type="file" accept="image/*" p="1" onChange={(e) => setPicture(e.currentTarget.files?.[0] ?? null)} />
          <Field.HelperText>PNG, JPG up to 5MB</Field.HelperText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={saving} loadingText="Saving...">
          Save store information
        </Button>
      </Stack>
    </chakra.form>
  );
}
