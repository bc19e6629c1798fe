/**
 * Settings, Store Info (spec sections 2, 5): catalogue name required; phone,
 * WhatsApp, location, description and picture optional.
 */
import { useState } from 'react';
import { FormStack, TextField, TextareaField, firstErrorMessage, useContractForm } from '@campus/shared/form';
import { MESSAGES } from '@campus/shared/messages';
import { sellerStoreUpdateSchema, type SellerSummary } from '@campus/shared/schemas';
import { Button } from '@campus/shared/ui';
import { Banner } from '../../../components/Banner';
import { useSettingsSave } from '../api/use-settings-save';

export function StoreInfoForm({ seller }: { seller: SellerSummary }) {
  const { register, handleSubmit, getValues } = useContractForm(sellerStoreUpdateSchema, {
    defaultValues: {
      catalogueName: seller.catalogueName,
      phoneNumber: seller.phoneNumber,
      whatsappNumber: seller.whatsappNumber ?? '',
      location: seller.location,
      storeDescription: seller.storeDescription ?? '',
    },
  });
  const [picture, setPicture] = useState<File | null>(null);
  const {
    banner,
    setBanner,
    saving,
    save: send,
  } = useSettingsSave(seller.id, {
    success: MESSAGES.seller.storeUpdated,
    failure: 'Store information could not be saved. Please try again.',
  });

  const save = handleSubmit(
    async () => {
      const values = getValues();
      await send({
        fields: {
          catalogueName: values.catalogueName,
          // Sent even when empty: clearing a description or WhatsApp number is a change too.
          storeDescription: values.storeDescription,
          whatsappNumber: values.whatsappNumber,
          phoneNumber: values.phoneNumber.trim() ? values.phoneNumber : undefined,
          location: values.location.trim() ? values.location : undefined,
        },
        files: { cataloguePicture: picture },
      });
    },
    (errors) => setBanner({ status: 'error', text: firstErrorMessage(errors) ?? MESSAGES.validation.fillAllRequiredFields }),
  );

  return (
    <FormStack onSubmit={save} gap="4" maxW="2xl">
      <Banner message={banner} onDismiss={() => setBanner(null)} />
      <TextField label="Catalogue name" required maxLength={80} {...register('catalogueName')} />
      <TextField label="Phone number" type="tel" {...register('phoneNumber')} />
      <TextField label="WhatsApp number" type="tel" {...register('whatsappNumber')} />
      <TextField label="Location" maxLength={120} {...register('location')} />
      <TextareaField label="Store description" rows={4} maxLength={1000} {...register('storeDescription')} />
      <TextField
        label="Store picture"
        helperText="PNG, JPG up to 5MB"
        type="file"
        accept="image/*"
        p="1"
        onChange={(e) => setPicture(e.currentTarget.files?.[0] ?? null)}
      />
      <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={saving} loadingText="Saving...">
        Save store information
      </Button>
    </FormStack>
  );
}
