import { useId, useState } from 'react';
import { REFUND_BANKS } from '@campus/shared/constants';
import { payments } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { formatNaira } from '@campus/shared/money';
import { Box, Button, Stack, Text, chakra } from '@campus/shared/ui';
import { SelectField, TextField, useContractForm } from '@campus/shared/form';
import { refundAccountError, useGiveRefundAccount, useRefundsAwaitingAccount } from '../api';

type RefundAwaitingAccount = payments.RefundAwaitingAccount;

/**
 * The top of the Orders tab: each refund that waits for the buyer's bank
 * account (a payment by bank transfer or USSD cannot be reversed to a card),
 * with a form for it. The refund e-mail links here (/profile?tab=orders).
 * Nothing shows while the list is read, or if it cannot be read: the orders
 * below stay usable.
 */
export function RefundAccountNotices() {
  const refunds = useRefundsAwaitingAccount();
  // Kept here, not in the notice: the answered refund leaves the list, the thank-you stays.
  const [given, setGiven] = useState(false);
  const waiting = refunds.data ?? [];
  if (!given && waiting.length === 0) return null;
  return (
    <Stack gap="3">
      {given ? (
        <Text role="status" color="green.700">
          {MESSAGES.refunds.accountGiven}
        </Text>
      ) : null}
      {waiting.map((refund) => (
        <RefundAccountNotice key={refund.id} refund={refund} onGiven={() => setGiven(true)} />
      ))}
    </Stack>
  );
}

function RefundAccountNotice({ refund, onGiven }: { refund: RefundAwaitingAccount; onGiven: () => void }) {
  const giving = useGiveRefundAccount();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(payments.refundAccountBodySchema, { defaultValues: { bankCode: '', accountNumber: '' } });

  const submit = handleSubmit((body) => giving.mutate({ refundId: refund.id, body }, { onSuccess: onGiven }));

  return (
    <Box borderWidth="1px" borderColor="orange.300" bg="orange.50" borderRadius="md" p="4" data-testid="refund-account-notice">
      <chakra.form onSubmit={submit} noValidate aria-labelledby={titleId}>
        <Stack gap="3">
          <Text id={titleId} fontWeight="semibold">
            {MESSAGES.refunds.needsAccount(formatNaira(refund.amount))}
          </Text>
          <Text fontSize="sm">Your payment was made by bank transfer or USSD, so the refund is paid into your bank account.</Text>
          <SelectField
            label="Bank"
            disabled={giving.isPending}
            error={errors.bankCode?.message}
            options={[{ value: '', label: 'Select a bank' }, ...REFUND_BANKS.map((bank) => ({ value: bank.code, label: bank.name }))]}
            {...register('bankCode')}
          />
          <TextField
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            disabled={giving.isPending}
            error={errors.accountNumber?.message}
            {...register('accountNumber')}
          />
          {giving.isError ? (
            <Text fontSize="sm" color="red.700" role="alert">
              {refundAccountError(giving.error)}
            </Text>
          ) : null}
          <Button type="submit" size="sm" alignSelf="flex-start" colorPalette="brand" loading={giving.isPending} loadingText="Sending...">
            Send bank account
          </Button>
        </Stack>
      </chakra.form>
    </Box>
  );
}
