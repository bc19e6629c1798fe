import { useId } from 'react';
import { MESSAGES } from '@campus/shared/messages';
import { disputeOpenBodySchema, disputeStatementFieldsSchema } from '@campus/shared/schemas';
import { Button, HStack, Stack, Text, chakra } from '@campus/shared/ui';
import { TextareaField, useContractForm } from '@campus/shared/form';
import { disputeError, useAddStatement, useOpenDispute } from '../api/use-my-orders';

export const DISPUTE_EXPLAINED =
  'The campus team will look at what you and the seller say and decide: a refund, part of it, or payment to the seller. Until then the money stays held.';

/** The buyer's reason for a dispute (required); on success the list shows the dispute. */
export function OpenDisputeForm({ orderId, orderCode, onDone }: { orderId: string; orderCode: string; onDone: (opened: boolean) => void }) {
  const opening = useOpenDispute();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm(disputeOpenBodySchema, { defaultValues: { reason: '' } });

  const submit = handleSubmit(({ reason }) => opening.mutate({ orderId, reason }, { onSuccess: () => onDone(true) }));

  return (
    <chakra.form onSubmit={submit} noValidate aria-labelledby={titleId} p="3" borderWidth="1px" borderRadius="md">
      <Stack gap="2">
        <Text id={titleId} fontWeight="semibold">
          Open a dispute on order {orderCode}
        </Text>
        <Text fontSize="sm">{DISPUTE_EXPLAINED}</Text>
        <TextareaField label="What went wrong?" small rows={3} maxLength={2000} error={errors.reason?.message} {...register('reason')} />
        {opening.isError ? (
          <Text fontSize="sm" color="red.700" role="alert">
            {disputeError(opening.error, MESSAGES.disputes.loadFailed)}
          </Text>
        ) : null}
        <HStack gap="2">
          <Button type="submit" size="sm" colorPalette="orange" loading={opening.isPending} loadingText="Opening...">
            Open dispute
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => onDone(false)} disabled={opening.isPending}>
            Never mind
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}

/** A further statement by the buyer while the dispute is open. */
export function DisputeStatementForm({ orderId, orderCode }: { orderId: string; orderCode: string }) {
  const adding = useAddStatement();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useContractForm(disputeStatementFieldsSchema, { defaultValues: { text: '' } });

  const submit = handleSubmit(({ text }) => adding.mutate({ orderId, text }, { onSuccess: () => reset() }));

  return (
    <chakra.form onSubmit={submit} noValidate aria-label={`Add a statement on order ${orderCode}`}>
      <Stack gap="2">
        <TextareaField label="Add a statement" small rows={2} maxLength={2000} error={errors.text?.message} {...register('text')} />
        {adding.isError ? (
          <Text fontSize="sm" color="red.700" role="alert">
            {disputeError(adding.error, MESSAGES.disputes.statementFailed)}
          </Text>
        ) : null}
        {adding.isSuccess ? (
          <Text fontSize="sm" color="green.700" role="status">
            {MESSAGES.disputes.statementAdded}
          </Text>
        ) : null}
        <Button type="submit" size="sm" alignSelf="flex-start" variant="outline" loading={adding.isPending} loadingText="Sending...">
          Add statement
        </Button>
      </Stack>
    </chakra.form>
  );
}
