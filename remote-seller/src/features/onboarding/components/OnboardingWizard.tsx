/**
 * Become a seller (spec sections 2, 5, 8): three steps; Continue checks the
 * step's fields with the API's own schema (errors on that step, focus on the
 * first field to correct) and, leaving the payout step, looks the account up
 * with the bank, so a name the bank gives differently is shown before Finish.
 * The Account name field then shows the bank's name, the one the store keeps.
 * A cover picture of the wrong type or over 5 MB is refused when chosen.
 * Previous never checks. Finish checks every field, sends the store as
 * multipart and shows 'Registering...'. On success the session store learns
 * the seller (it announces 'seller:status-changed' on the bus, so the navbar
 * says Seller Dashboard at once) and the browser goes to /seller/dashboard,
 * which shows the welcome with the first things to do. 'Already registered'
 * (a store opened on another device) offers the way to the dashboard.
 */
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ONBOARDING_BANKS, PHOTO_TYPES } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { readApiError } from '@campus/shared/api-client';
import { FormStack, SelectField, TextField, TextareaField, useContractForm, type FieldErrors } from '@campus/shared/form';
import { sellerOnboardingFormSchema, sellerSummarySchema, type SellerRegisterBody } from '@campus/shared/schemas';
import { sessionStore } from '@campus/shared/session';
import { Alert, Box, Button, ErrorPanel, HStack, Image, Stack, Text } from '@campus/shared/ui';
import { photoRefusal } from '../../../lib/photos';
import { checkBankAccount } from '../api/check-bank-account';
import { findMyStore } from '../api/my-store';
import { registerSeller } from '../api/register-seller';
import { WELCOME_STATE } from './OnboardingWelcome';
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

/** Each step's fields, in the order they are drawn (the first invalid one gets the focus). */
const STEP_FIELDS: FieldName[][] = ONBOARDING_STEPS.map((_, i) =>
  (Object.keys(STEP_OF) as FieldName[]).filter((name) => STEP_OF[name] === i),
);

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

/** The same name written another way (case, spacing, the order of its parts) is no different name. */
function sameName(a: string, b: string): boolean {
  const parts = (name: string) => name.trim().toUpperCase().split(/\s+/).sort().join(' ');
  return parts(a) === parts(b);
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
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    setFocus,
    trigger,
    formState: { errors, isSubmitting },
  } = useContractForm(sellerOnboardingFormSchema, { defaultValues: EMPTY });
  /** WhatsApp follows the phone number until the student types one of its own. */
  const [whatsappEdited, setWhatsappEdited] = useState(false);
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  /** Why the last chosen cover picture was refused. */
  const [pictureRefusal, setPictureRefusal] = useState<string | null>(null);
  const pictureRefusalId = useId();
  const [failure, setFailure] = useState<{ text: string; detail: string | null; alreadySeller: boolean } | null>(null);
  /**
   * The bank's name for the account, for the bank and number it was looked up with, and the name typed
   * before the field took the bank's (null when the bank's is the same name).
   */
  const [account, setAccount] = useState<{ key: string; accountName: string; typed: string | null } | null>(null);
  const [moving, setMoving] = useState(false);
  /** A field to focus once its step is drawn (Finish found it on an earlier step). */
  const [focusField, setFocusField] = useState<FieldName | null>(null);

  useEffect(() => {
    if (!focusField) return;
    setFocus(focusField);
    setFocusField(null);
  }, [focusField, setFocus]);

  const choosePicture = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0] ?? null;
    const refusal = chosen ? photoRefusal(chosen) : null;
    // A refused file is not kept: the input is emptied, so it cannot look chosen.
    if (refusal) event.currentTarget.value = '';
    const file = refusal ? null : chosen;
    setPictureRefusal(refusal);
    setPicture(file);
    if (preview) URL.revokeObjectURL(preview);
    setPreview(file ? URL.createObjectURL(file) : null);
  };

  const send = async (store: SellerRegisterBody) => {
    setFailure(null);
    try {
      const profile = await registerSeller({ fields: store, files: { cataloguePicture: picture } });
      sessionStore.getState().setSeller(sellerSummarySchema.parse(profile));
      navigate(href('dashboard'), { state: WELCOME_STATE });
    } catch (error) {
      const { status, serverMessage } = readApiError(error);
      const text = registerErrorText(error);
      const server = serverMessage ?? null;
      // A store opened meanwhile (another device): the session learns it, and the way to it is offered.
      if (status === 409) {
        findMyStore().then(
          (found) => found && sessionStore.getState().setSeller(found),
          () => undefined, // The link still leads on: the onboarding page asks again on the way.
        );
      }
      // A 400 may say which field the API refused (an account that does not resolve, say): show it under the spec's text.
      setFailure({ text, detail: server && server !== text && status === 400 ? server : null, alreadySeller: status === 409 });
    }
  };

  /**
   * The payout account as the bank knows it, looked up once per bank and number. An account the bank
   * does not know keeps the student on this step; a look-up that cannot be made now lets them go on
   * (Finish checks again, and the dashboard shows the name kept).
   */
  const lookUpAccount = async (): Promise<boolean> => {
    const { bankName, accountNumber, accountName: typed } = getValues();
    const key = `${bankName}|${accountNumber.trim()}`;
    let known = account?.key === key ? account : null;
    if (!known) {
      setAccount(null);
      try {
        const found = await checkBankAccount({ bankName, accountNumber: accountNumber.trim() });
        known = { key, accountName: found.accountName, typed: null };
      } catch (error) {
        const { status, serverMessage } = readApiError(error);
        if (status !== 400) return true;
        setError('accountNumber', { type: 'bank', message: serverMessage ?? MESSAGES.sellerRegister.invalid }, { shouldFocus: true });
        return false;
      }
    }
    // The store keeps the bank's name: the field shows it and the notice names the one it replaced
    // (the same name written another way stays as typed). Untouched since, the field keeps the notice.
    if (typed !== known.accountName) {
      const differs = !sameName(known.accountName, typed);
      if (differs) setValue('accountName', known.accountName, { shouldDirty: true });
      known = { ...known, typed: differs ? typed.trim() : null };
    }
    setAccount(known);
    return true;
  };

  /** Continue: this step's fields must pass before the next step is drawn. */
  const next = async () => {
    setMoving(true);
    try {
      if (!(await trigger(STEP_FIELDS[step], { shouldFocus: true }))) return;
      if (step === STEP_OF.accountNumber && !(await lookUpAccount())) return;
      setStep(step + 1);
    } finally {
      setMoving(false);
    }
  };

  /** Back to the first step with a field to correct. */
  const showFirstError = (found: FieldErrors<Record<FieldName, string>>) => {
    const first = (Object.keys(found) as FieldName[]).filter((name) => name in STEP_OF).sort((a, b) => STEP_OF[a] - STEP_OF[b])[0];
    if (!first) return;
    setStep(STEP_OF[first]);
    setFocusField(first);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (step < ONBOARDING_STEPS.length - 1) {
      event.preventDefault();
      if (!moving) void next();
      return;
    }
    return handleSubmit(send, showFirstError)(event);
  };

  const replacedName = step === ONBOARDING_STEPS.length - 1 ? account?.typed : null;

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

      {failure ? (
        <ErrorPanel
          message={failure.text}
          title={failure.detail ?? undefined}
          action={
            failure.alreadySeller ? (
              <Button asChild colorPalette="brand" minH="11">
                <RouterLink to={href('dashboard')}>{MESSAGES.sellerOnboarding.toDashboard}</RouterLink>
              </Button>
            ) : undefined
          }
        />
      ) : null}

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
          {account && replacedName ? (
            <Alert.Root status="info" data-testid="bank-account-name">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{MESSAGES.sellerOnboarding.bankNameTitle}</Alert.Title>
                <Alert.Description>{MESSAGES.sellerOnboarding.bankName(account.accountName, replacedName)}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
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
          <Stack gap="1.5">
            <TextField
              label="Cover picture"
              helperText="PNG, JPG up to 5MB"
              type="file"
              accept={PHOTO_TYPES.join(',')}
              onChange={choosePicture}
              aria-invalid={pictureRefusal ? true : undefined}
              aria-describedby={pictureRefusal ? pictureRefusalId : undefined}
              p="1"
            />
            {/* Not the field's error text, whose red (fg.error) is under 4.5:1 on white; always here, so it is announced. */}
            <Text id={pictureRefusalId} role="alert" fontSize="sm" color="red.700">
              {pictureRefusal}
            </Text>
          </Stack>
          {preview ? <Image src={preview} alt="Cover picture preview" maxH="40" objectFit="cover" borderRadius="md" /> : null}
        </Stack>
      ) : null}

      <HStack justify="space-between">
        <Button
          type="button"
          variant="outline"
          minH={{ base: '11', md: '10' }}
          onClick={() => setStep(step - 1)}
          disabled={step === 0 || isSubmitting || moving}
        >
          Previous
        </Button>
        {step < ONBOARDING_STEPS.length - 1 ? (
          <Button
            type="submit"
            colorPalette="brand"
            minH={{ base: '11', md: '10' }}
            loading={moving && step === STEP_OF.accountNumber}
            loadingText={step === STEP_OF.accountNumber ? MESSAGES.sellerOnboarding.checkingAccount : undefined}
          >
            Continue
          </Button>
        ) : (
          <Button type="submit" colorPalette="brand" minH={{ base: '11', md: '10' }} loading={isSubmitting} loadingText="Registering...">
            Finish
          </Button>
        )}
      </HStack>
    </FormStack>
  );
}
