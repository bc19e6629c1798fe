/**
 * Accept Order (spec sections 2, 4, 5): the seller chrome's button announces
 * 'order:completion-requested' on the bus and this dialog answers, on every
 * seller page. Digits only, at most 6; submit stays disabled until there are
 * 6. The code goes to the real completion (POST /orders/complete); success
 * names the order it completed and refreshes the store's orders and balances.
 * A wrong code, or the lock-out after repeated wrong codes (429), leaves the
 * order open and says so.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readApiError } from '@campus/shared/api-client';
import { COMPLETION_CODE_LENGTH } from '@campus/shared/constants';
import { eventBus } from '@campus/shared/event-bus';
import { MESSAGES } from '@campus/shared/messages';
import { formatNaira } from '@campus/shared/money';
import type { Order } from '@campus/shared/schemas';
import { Alert, Button, Dialog, Field, Input, Portal, Stack, Text, chakra } from '@campus/shared/ui';
import { useSellerId } from '../../../lib/seller-session';
import { sellerKeys } from '../../../lib/query-keys';
import { completeOrder } from '../api/complete-order';

export const ACCEPT_ORDER_TITLE = 'Accept Order';

/** Digits only, at most 6 (spec section 5). */
export function cleanCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, COMPLETION_CODE_LENGTH);
}

interface Failure {
  text: string;
  /** The API's reason (wrong code, or the lock-out with its minutes). */
  reason: string | null;
  locked: boolean;
}

function failureOf(error: unknown): Failure {
  const { status, serverMessage } = readApiError(error);
  const locked = status === 429;
  return { text: MESSAGES.completion.failed, reason: status === 400 || locked ? (serverMessage ?? null) : null, locked };
}

export function AcceptOrderDialog() {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const queryClient = useQueryClient();
  const sellerId = useSellerId();
  const codeInput = useRef<HTMLInputElement>(null);

  const completion = useMutation({
    mutationFn: completeOrder,
    onSuccess: async () => {
      setCode('');
      // The order moved to DELIVERED and its money from held to available (then out): every figure of the store may change.
      if (sellerId) await queryClient.invalidateQueries({ queryKey: sellerKeys.all(sellerId) });
    },
  });
  const { reset } = completion;

  useEffect(
    () =>
      eventBus.on('order:completion-requested', () => {
        setOpen(true);
        setCode('');
        setInvalid(false);
        reset();
      }),
    [reset],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== COMPLETION_CODE_LENGTH) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    completion.mutate(code);
  };

  const completed: Order | undefined = completion.data;
  const failure = completion.isError ? failureOf(completion.error) : null;

  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="center" initialFocusEl={() => codeInput.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <chakra.form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{ACCEPT_ORDER_TITLE}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text color="fg.muted" fontSize="sm">
                    Enter the 6-digit completion code the buyer received when they paid. It completes their order and releases your money.
                  </Text>
                  <Field.Root invalid={invalid}>
                    <Field.Label>Completion code</Field.Label>
                    <Input
                      ref={codeInput}
                      value={code}
                      onChange={(e) => {
                        setCode(cleanCode(e.currentTarget.value));
                        setInvalid(false);
                        // A new code is a new attempt: the last answer no longer applies.
                        if (!completion.isPending) completion.reset();
                      }}
                      onKeyDown={(e) => {
                        // The disabled submit button blocks the form's own Enter: say why instead.
                        if (e.key === 'Enter' && code.length !== COMPLETION_CODE_LENGTH) {
                          e.preventDefault();
                          setInvalid(true);
                        }
                      }}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={COMPLETION_CODE_LENGTH}
                      letterSpacing="0.4em"
                      fontSize="xl"
                      textAlign="center"
                    />
                    {invalid ? <Field.ErrorText>{MESSAGES.validation.completionCodeInvalid}</Field.ErrorText> : null}
                  </Field.Root>
                  {completed ? (
                    <Alert.Root status="success" role="status" borderRadius="md">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{MESSAGES.completion.success}</Alert.Title>
                        <Alert.Description>
                          Order {completed.orderCode}, {formatNaira(completed.totalPrice)}: the money is released and on its way to your account.
                        </Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  ) : null}
                  {failure ? (
                    <Alert.Root status="error" role="alert" borderRadius="md">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{failure.text}</Alert.Title>
                        {failure.reason ? <Alert.Description>{failure.reason}</Alert.Description> : null}
                      </Alert.Content>
                    </Alert.Root>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button type="button" variant="outline">
                    {completed ? 'Done' : 'Cancel'}
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  type="submit"
                  colorPalette="brand"
                  disabled={code.length !== COMPLETION_CODE_LENGTH}
                  loading={completion.isPending}
                  loadingText="Completing..."
                >
                  Complete order
                </Button>
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
