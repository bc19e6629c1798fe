/**
 * Become a seller (spec sections 2, 5, 8): three steps that Continue and
 * Previous move between freely; Finish checks every field with the API's own
 * schema, sends the store as multipart and shows 'Registering...'. On success
 * the session store learns the seller (it announces 'seller:status-changed'
 * on the bus, so the navbar says Seller Dashboard at once) and the browser
 * goes to /seller/dashboard.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ONBOARDING_BANKS } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { readApiError } from '@campus/shared/api-client';
import { FormStack, SelectField, TextField, TextareaField, useContractForm, type FieldErrors } from '@campus/shared/form';
import { sellerOnboardingFormSchema, sellerSummarySchema, type SellerRegisterBody } from '@campus/shared/schemas';
import { sessionStore } from '@campus/shared/session';
import { Box, Button, ErrorPanel, HStack, Image, Stack, Text } from '@campus/shared/ui';
import { registerSeller } from '../api/register-seller';
import { href } from '@campus/shared/federation';

export const ONBOARDING_STEPS = ['Store details', 'Payout account', 'Contact and pickup'] as const;

type FieldName = keyof SellerRegisterBody;

const STEP_OF: Record<FieldName, number> = {
  catalogueName: 0,
  storeDescription: 0,
  bankName: 1,
  accountNumber: 1,
  accountName: 1,
  phoneNumber: 2,
  whatsappNumber: 2,
  location: 2,
};

const EMPTY: Record<FieldName, string> = {
  catalogueName: '',
  storeDescription: '',
  bankName: '',
  accountNumber: '',
  accountName: '',
  phoneNumber: '',
  whatsappNumber: '',
  location: '',
};

/** Spec section 8, seller register: the fixed texts by status, else the server's message. */
function registerErrorText(error: unknown): string {
  const { status, serverMessage } = readApiError(error);
  if (status === 400) return MESSAGES.sellerRegister.invalid;
  if (status === 401) return MESSAGES.sellerRegister.authRequired;
  if (status === 409) return MESSAGES.sellerRegister.alreadySeller;
  return serverMessage ?? MESSAGES.sellerRegister.invalid;
}

export function OnboardingWizard() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useContractForm(sellerOnboardingFormSchema, { defaultValues: EMPTY });
  /** WhatsApp follows the phone number until the student types one of its own. */
  const [whatsappEdited, setWhatsappEdited] = useState(false);
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);

  const choosePicture = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0] ?? null;
    setPicture(file);
    if (preview) URL.revokeObjectURL(preview);
    setPreview(file ? URL.createObjectURL(file) : null);
  };

  const send = async (store: SellerRegisterBody) => {
    setFailure(null);
    try {
      const profile = await registerSeller({ fields: store, files: { cataloguePicture: picture } });
      sessionStore.getState().setSeller(sellerSummarySchema.parse(profile));
      navigate(href('dashboard'));
    } catch (error) {
      const text = registerErrorText(error);
      const server = readApiError(error).serverMessage ?? null;
      // A 400 may say which field the API refused (an account that does not resolve, say): show it under the spec's text.
      setFailure({ text, detail: server && server !== text && readApiError(error).status === 400 ? server : null });
    }
  };

  /** Back to the first step with a field to correct. */
  const showFirstError = (found: FieldErrors<Record<FieldName, string>>) => {
    const first = (Object.keys(found) as FieldName[]).filter((name) => name in STEP_OF).sort((a, b) => STEP_OF[a] - STEP_OF[b])[0];
    if (first) setStep(STEP_OF[first]);
  };

  // Continue moves on without checking; Finish checks every step with the API's own schema.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (step < ONBOARDING_STEPS.length - 1) {
      event.preventDefault();
      setStep(step + 1);
      return;
    }
    return handleSubmit(send, showFirstError)(event);
  };

  const phone = register('phoneNumber', {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (!whatsappEdited) setValue('whatsappNumber', event.currentTarget.value);
    },
  });
  const whatsapp = register('whatsappNumber', { onChange: () => setWhatsappEdited(true) });

  return (
    <FormStack onSubmit={submit} label="Become a seller" maxW="2xl">
      <Text as="p" fontSize="sm" color="fg.muted" aria-live="polite">
        Step {step + 1} of {ONBOARDING_STEPS.length}: <strong>{ONBOARDING_STEPS[step]}</strong>
      </Text>
      <HStack as="ol" gap="2" aria-label="Steps" listStyleType="none">
        {ONBOARDING_STEPS.map((name, i) => (
          <Box
            as="li"
            key={name}
            flex="1"
            h="1.5"
            borderRadius="full"
            bg={i <= step ? 'brand.solid' : 'bg.muted'}
            aria-current={i === step ? 'step' : undefined}
          >
            <Text srOnly>{name}</Text>
          </Box>
        ))}
      </HStack>

      {failure ? <ErrorPanel message={failure.text} title={failure.detail ?? undefined} /> : null}

      {step === 0 ? (
        <Stack gap="4">
          <TextField label="Store name" required error={errors.catalogueName?.message} maxLength={80} {...register('catalogueName')} />
          <TextareaField
            label="Store description"
            required
            error={errors.storeDescription?.message}
            rows={4}
            maxLength={1000}
            {...register('storeDescription')}
          />
        </Stack>
      ) : null}

      {step === 1 ? (
        <Stack gap="4">
          <SelectField
            label="Bank"
            required
            error={errors.bankName?.message}
            options={ONBOARDING_BANKS}
            placeholder="Select your bank"
            {...register('bankName')}
          />
          <TextField
            label="Account number"
            required
            error={errors.accountNumber?.message}
            helperText="10 digits; we check it with your bank"
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            {...register('accountNumber')}
          />
          <TextField label="Account name" required error={errors.accountName?.message} maxLength={120} {...register('accountName')} />
        </Stack>
      ) : null}

      {step === 2 ? (
        <Stack gap="4">
          <TextField label="Phone number" required error={errors.phoneNumber?.message} type="tel" autoComplete="tel" {...phone} />
          <TextField
            label="WhatsApp number"
            error={errors.whatsappNumber?.message}
            helperText="Defaults to your phone number"
            type="tel"
            {...whatsapp}
          />
          <TextField
            label="Location"
            required
            error={errors.location?.message}
            placeholder="e.g. Moremi Hall"
            maxLength={120}
            {...register('location')}
          />
          <TextField label="Cover picture" helperText="PNG, JPG up to 5MB" type="file" accept="image/*" onChange={choosePicture} p="1" />
          {preview ? <Image src={preview} alt="Cover picture preview" maxH="40" objectFit="cover" borderRadius="md" /> : null}
        </Stack>
      ) : null}

      <HStack justify="space-between">
        <Button type="button" variant="outline" onClick={() => setStep(step - 1)} disabled={step === 0 || isSubmitting}>
          Previous
        </Button>
        {step < ONBOARDING_STEPS.length - 1 ? (
          <Button type="submit" colorPalette="brand">
            Continue
          </Button>
        ) : (
          <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Registering...">
            Finish
          </Button>
        )}
      </HStack>
    </FormStack>
  );
}
