import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@campus/shared/messages';
import { disputeOpenBodySchema, disputeStatementFieldsSchema, type DisputeOpenBody, type DisputeStatementFields } from '@campus/shared/schemas';
import { Button, Field, HStack, Stack, Text, Textarea, chakra } from '@campus/shared/ui';
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
  } = useForm<DisputeOpenBody>({ resolver: zodResolver(disputeOpenBodySchema), defaultValues: { reason: '' } });

  const submit = handleSubmit(({ reason }) => opening.mutate({ orderId, reason }, { onSuccess: () => onDone(true) }));

  return (
    <chakra.form onSubmit={submit} noValidate aria-labelledby={titleId} p="3" borderWidth="1px" borderRadius="md">
      <Stack gap="2">
        <Text id={titleId} fontWeight="semibold">
          Open a dispute on order {orderCode}
        </Text>
        <Text fontSize="sm">{DISPUTE_EXPLAINED}</Text>
        <Field.Root invalid={Boolean(errors.reason)}>
          <Field.Label fontSize="sm">What went wrong?</Field.Label>
          <Textarea size="sm" rows={3} maxLength={2000} {...register('reason')} />
          <Field.ErrorText aria-live="polite">{errors.reason?.message}</Field.ErrorText>
        </Field.Root>
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
  } = useForm<DisputeStatementFields>({ resolver: zodResolver(disputeStatementFieldsSchema), defaultValues: { text: '' } });

  const submit = handleSubmit(({ text }) => adding.mutate({ orderId, text }, { onSuccess: () => reset() }));

  return (
    <chakra.form onSubmit={submit} noValidate aria-label={`Add a statement on order ${orderCode}`}>
      <Stack gap="2">
        <Field.Root invalid={Boolean(errors.text)}>
          <Field.Label fontSize="sm">Add a statement</Field.Label>
          <Textarea size="sm" rows={2} maxLength={2000} {...register('text')} />
          <Field.ErrorText aria-live="polite">{errors.text?.message}</Field.ErrorText>
        </Field.Root>
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
