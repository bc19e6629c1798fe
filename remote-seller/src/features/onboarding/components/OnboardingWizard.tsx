/**
 * Become a seller (spec sections 2, 5, 8): three steps that Continue and
 * Previous move between freely; Finish checks every field with the API's own
 * schema, sends the store as multipart and shows 'Registering...'. On success
 * the session store learns the seller (it announces 'seller:status-changed'
 * on the bus, so the navbar says Seller Dashboard at once) and the browser
 * goes to /seller/dashboard.
 */
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ONBOARDING_BANKS } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { readApiError } from '@campus/shared/api-client';
import { sellerRegisterBodySchema, sellerSummarySchema } from '@campus/shared/schemas';
import { sessionStore } from '@campus/shared/session';
import { Box, Button, ErrorPanel, Field, HStack, Image, Input, NativeSelect, Stack, Text, Textarea, chakra } from '@campus/shared/ui';
import { toFormData } from '../../../lib/form-data';
import { registerSeller } from '../api/register-seller';
import { href } from '@campus/shared/federation';

export const ONBOARDING_STEPS = ['Store details', 'Payout account', 'Contact and pickup'] as const;

type FieldName =
  | 'catalogueName'
  | 'storeDescription'
  | 'bankName'
  | 'accountNumber'
  | 'accountName'
  | 'phoneNumber'
  | 'whatsappNumber'
  | 'location';

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

/** The error text of each field, from the API's schema (and the form's own rule that a description is required). */
export function validateOnboarding(values: Record<FieldName, string>): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  const parsed = sellerRegisterBodySchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as FieldName;
      errors[name] ??= issue.message;
    }
  }
  // Spec section 5: required on the onboarding form, optional in the request.
  if (!values.storeDescription.trim()) errors.storeDescription = MESSAGES.validation.fillAllRequiredFields;
  return errors;
}

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
  const [values, setValues] = useState(EMPTY);
  /** WhatsApp follows the phone number until the student types one of its own. */
  const [whatsappEdited, setWhatsappEdited] = useState(false);
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const [sending, setSending] = useState(false);

  const set = (name: FieldName) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => {
      const next = { ...v, [name]: value };
      if (name === 'phoneNumber' && !whatsappEdited) next.whatsappNumber = value;
      return next;
    });
    if (name === 'whatsappNumber') setWhatsappEdited(true);
  };

  const choosePicture = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0] ?? null;
    setPicture(file);
    if (preview) URL.revokeObjectURL(preview);
    setPreview(file ? URL.createObjectURL(file) : null);
  };

  const finish = async (event: FormEvent) => {
    event.preventDefault();
    if (step < ONBOARDING_STEPS.length - 1) {
      setStep(step + 1);
      return;
    }
    const found = validateOnboarding(values);
    setErrors(found);
    const first = (Object.keys(found) as FieldName[]).sort((a, b) => STEP_OF[a] - STEP_OF[b])[0];
    if (first) {
      setStep(STEP_OF[first]);
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const profile = await registerSeller(toFormData(values, picture ? [picture] : [], 'cataloguePicture'));
      sessionStore.getState().setSeller(sellerSummarySchema.parse(profile));
      navigate(href('dashboard'));
    } catch (error) {
      const text = registerErrorText(error);
      const server = readApiError(error).serverMessage ?? null;
      // A 400 may say which field the API refused (an account that does not resolve, say): show it under the spec's text.
      setFailure({ text, detail: server && server !== text && readApiError(error).status === 400 ? server : null });
      setSending(false);
    }
  };

  const field = (name: FieldName, label: string, input: ReactNode, helper?: string) => (
    <Field.Root invalid={Boolean(errors[name])} required={name !== 'whatsappNumber'}>
      <Field.Label>
        {label}
        {name !== 'whatsappNumber' ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {input}
      {helper && !errors[name] ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {errors[name] ? <Field.ErrorText>{errors[name]}</Field.ErrorText> : null}
    </Field.Root>
  );

  return (
    <chakra.form onSubmit={finish} noValidate aria-label="Become a seller" maxW="2xl">
      <Stack gap="5">
        <Text as="p" fontSize="sm" color="fg.muted" aria-live="polite">
          Step {step + 1} of {ONBOARDING_STEPS.length}: <strong>{ONBOARDING_STEPS[step]}</strong>
        </Text>
        <HStack as="ol" gap="2" aria-label="Steps" listStyleType="none">
          {ONBOARDING_STEPS.map((name, i) => (
            <Box as="li" key={name} flex="1" h="1.5" borderRadius="full" bg={i <= step ? 'brand.solid' : 'bg.muted'} aria-current={i === step ? 'step' : undefined}>
              <Text srOnly>{name}</Text>
            </Box>
          ))}
        </HStack>

        {failure ? <ErrorPanel message={failure.text} title={failure.detail ?? undefined} /> : null}

        {step === 0 ? (
          <Stack gap="4">
            {field('catalogueName', 'Store name', <Input name="catalogueName" value={values.catalogueName} onChange={set('catalogueName')} maxLength={80} />)}
            {field(
              'storeDescription',
              'Store description',
              <Textarea name="storeDescription" value={values.storeDescription} onChange={set('storeDescription')} rows={4} maxLength={1000} />,
            )}
          </Stack>
        ) : null}

        {step === 1 ? (
          <Stack gap="4">
            {field(
              'bankName',
              'Bank',
              <NativeSelect.Root>
                <NativeSelect.Field name="bankName" value={values.bankName} onChange={set('bankName')}>
                  <option value="">Select your bank</option>
                  {ONBOARDING_BANKS.map((bank) => (
                    <option key={bank} value={bank}>
                      {bank}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>,
            )}
            {field(
              'accountNumber',
              'Account number',
              <Input name="accountNumber" value={values.accountNumber} onChange={set('accountNumber')} inputMode="numeric" maxLength={10} autoComplete="off" />,
              '10 digits; we check it with your bank',
            )}
            {field('accountName', 'Account name', <Input name="accountName" value={values.accountName} onChange={set('accountName')} maxLength={120} />)}
          </Stack>
        ) : null}

        {step === 2 ? (
          <Stack gap="4">
            {field('phoneNumber', 'Phone number', <Input name="phoneNumber" type="tel" value={values.phoneNumber} onChange={set('phoneNumber')} autoComplete="tel" />)}
            {field(
              'whatsappNumber',
              'WhatsApp number',
              <Input name="whatsappNumber" type="tel" value={values.whatsappNumber} onChange={set('whatsappNumber')} />,
              'Defaults to your phone number',
            )}
            {field('location', 'Location', <Input name="location" value={values.location} onChange={set('location')} placeholder="e.g. Moremi Hall" maxLength={120} />)}
            <Field.Root>
              <Field.Label>Cover picture</Field.Label>
              <Input type="file" accept="image/*" onChange={choosePicture} p="1" />
              <Field.HelperText>PNG, JPG up to 5MB</Field.HelperText>
            </Field.Root>
            {preview ? <Image src={preview} alt="Cover picture preview" maxH="40" objectFit="cover" borderRadius="md" /> : null}
          </Stack>
        ) : null}

        <HStack justify="space-between">
          <Button type="button" variant="outline" onClick={() => setStep(step - 1)} disabled={step === 0 || sending}>
            Previous
          </Button>
          {step < ONBOARDING_STEPS.length - 1 ? (
            <Button type="submit" colorPalette="brand">
              Continue
            </Button>
          ) : (
            <Button type="submit" colorPalette="brand" loading={sending} loadingText="Registering...">
              Finish
            </Button>
          )}
        </HStack>
      </Stack>
    </chakra.form>
  );
}
