/**
 * Accept Order (spec sections 2, 4, 5): the seller chrome's button, or an
 * open order's Accept in the Orders list, announces
 * 'order:completion-requested' on the bus and this dialog answers, on every
 * seller page. A code unlocks one order, so the seller first picks the order
 * (the store's open orders, newest first, by buyer's first name, order
 * code and items; a search when there are many), then types the buyer's code: digits
 * only, at most 6; submit stays disabled until there are 6. The pair goes to
 * the real completion (POST /orders/complete); success names the order it
 * completed and refreshes the store's orders and balances; it says where the
 * money went to the kobo, as the completion answered it (released, the card
 * fee's share, the commission, what reached Available), and the Available
 * balance as the API gives it once read again. A wrong code (with
 * the tries left, or the news that the buyer got a new code) or the store's
 * lock for the day (429) leaves the order open and says so.
 */
import { useEffect, useRef, useState } from 'react';
import { readApiError } from '@campus/shared/api-client';
import { COMPLETION_CODE_LENGTH } from '@campus/shared/constants';
import { eventBus } from '@campus/shared/event-bus';
import { MESSAGES } from '@campus/shared/messages';
import { formatNaira } from '@campus/shared/money';
import { TextField, useContractForm, useWatch } from '@campus/shared/form';
import { orderCompleteBodySchema, type Order, type OrderRelease, type SellerOrder } from '@campus/shared/schemas';
import { useDebouncedValue } from '@campus/shared/use-debounced-value';
import { Alert, Button, Dialog, Flex, HStack, Portal, Spinner, Stack, Text, chakra } from '@campus/shared/ui';
import { SEARCH_PAUSE_MS, SearchBox } from '../../../components/SearchBox';
import { naira } from '../../../lib/format';
import { useSellerId } from '../../../lib/seller-session';
import { useBalances, useCompleteOrder, useOpenOrders } from '../api/use-accept-order';

export const ACCEPT_ORDER_TITLE = 'Accept Order';
/** More open orders than this and the list gets a search box. */
export const OPEN_ORDERS_SEARCH_FROM = 6;

/** Digits only, at most 6 (spec section 5). */
export function cleanCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, COMPLETION_CODE_LENGTH);
}

/** The order being accepted: from the list, or from the event of an order row. */
export interface PickedOrder {
  id: string;
  orderCode: string;
  buyerFirstName?: string | undefined;
  /** "Casio calculator × 2, Pen × 1", when the order was picked from the list. */
  items?: string | undefined;
}

/** An order's items as the seller hands them over: "Casio calculator × 2, Pen × 1". */
export function itemsOf(order: Pick<Order, 'orderItems'>): string {
  return order.orderItems.map((item) => `${item.product.name} × ${item.quantity}`).join(', ');
}

const buyerName = (order: PickedOrder) => order.buyerFirstName || 'Buyer';

interface Failure {
  text: string;
  /** The API's reason (wrong code, code replaced, the store's lock for the day, order closed). */
  reason: string | null;
}

function failureOf(error: unknown): Failure {
  const { status, serverMessage } = readApiError(error);
  const explained = status === 400 || status === 403 || status === 404 || status === 409 || status === 429;
  return { text: MESSAGES.completion.failed, reason: explained ? (serverMessage ?? null) : null };
}

/** Step 1: the store's open orders, newest first; a click picks one. */
function OpenOrderPicker({ sellerId, onPick }: { sellerId: string; onPick: (order: SellerOrder) => void }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const result = useOpenOrders(sellerId, q);
  const [many, setMany] = useState(false);
  const total = result.data?.pagination.totalItems ?? 0;
  // Once shown, the search stays (a search with few answers must not hide its own box).
  useEffect(() => {
    if (!q && total > OPEN_ORDERS_SEARCH_FROM) setMany(true);
  }, [q, total]);

  const list = () => {
    if (result.isError)
      return (
        <Text role="alert" color="red.700">
          {MESSAGES.completion.openOrdersFailed}
        </Text>
      );
    if (!result.data) {
      return (
        <HStack gap="2" color="fg.muted">
          <Spinner size="sm" />
          <Text>Loading open orders</Text>
        </HStack>
      );
    }
    if (result.data.data.length === 0)
      return <Text color="fg.muted">{q ? MESSAGES.completion.noOpenOrdersFound(q) : MESSAGES.completion.noOpenOrders}</Text>;
    return (
      <Stack as="ul" aria-label="Open orders" gap="2" listStyleType="none" maxH="72" overflowY="auto">
        {result.data.data.map((order) => (
          <li key={order.id}>
            <Button
              type="button"
              variant="outline"
              w="full"
              h="auto"
              minH="11"
              py="2"
              whiteSpace="normal"
              flexDirection="column"
              alignItems="stretch"
              gap="0.5"
              textAlign="start"
              onClick={() => onPick(order)}
            >
              <Flex as="span" justify="space-between" gap="2" wrap="wrap">
                <chakra.span>{buyerName(order)}</chakra.span>
                <chakra.span fontFamily="mono" fontSize="sm">
                  {order.orderCode}
                </chakra.span>
                <chakra.span fontSize="sm" color="fg.muted">
                  {naira(order.totalPrice)}
                </chakra.span>
              </Flex>
              <chakra.span fontSize="sm" fontWeight="normal" color="fg.muted" data-testid="open-order-items">
                {itemsOf(order)}
              </chakra.span>
            </Button>
          </li>
        ))}
      </Stack>
    );
  };

  return (
    <Stack gap="3">
      <Text color="fg.muted" fontSize="sm">
        First choose the order the buyer is collecting. A code completes only its own order.
      </Text>
      {many ? <SearchBox label="Search open orders" placeholder="Buyer's name or order code" value={search} onChange={setSearch} /> : null}
      {list()}
    </Stack>
  );
}

/**
 * The items of an order picked outside the list (an order's Accept on the Orders screen sends its id, code
 * and buyer only): the open orders found by its code, that one by id.
 */
function PickedItems({ sellerId, order }: { sellerId: string; order: PickedOrder }) {
  const found = useOpenOrders(sellerId, order.orderCode).data?.data.find((o) => o.id === order.id);
  return found ? (
    <Text fontSize="sm" color="fg.muted">
      {itemsOf(found)}
    </Text>
  ) : null;
}

/**
 * Where the released money went: the order's total, the platform fee taken from it before the rest reaches
 * Available, and Available as the API reads it after the completion (a read older than `submittedAt` is not shown).
 */
export function ReleaseSummary({
  sellerId,
  order,
  release,
  submittedAt,
}: {
  sellerId: string | null | undefined;
  order: Order;
  /** The completion's own figures; an older API gives none, and the fee is then explained in words. */
  release: OrderRelease | undefined;
  submittedAt: number;
}) {
  return (
    <Stack as="span" gap="1" data-testid="release-summary">
      {release ? (
        <>
          <chakra.span display="block">
            Order {order.orderCode}: {formatNaira(release.released)} released.
          </chakra.span>
          <chakra.span display="block" data-testid="release-fee">
            {feeLine(release)} {formatNaira(release.toAvailable)} reached your Available balance and goes out in your next payout.
          </chakra.span>
        </>
      ) : (
        <>
          <chakra.span display="block">
            Order {order.orderCode}: order total {formatNaira(order.totalPrice)}, released to you less the platform fee.
          </chakra.span>
          <chakra.span display="block" data-testid="release-fee">
            The platform fee, Paystack&apos;s card fee on the buyer&apos;s payment (shared by the stores it paid), comes off first; what is
            left reaches your Available balance and goes out in your next payout.
          </chakra.span>
        </>
      )}
      {sellerId ? <AvailableNow sellerId={sellerId} since={submittedAt} /> : null}
    </Stack>
  );
}

/** "Paystack's card fee ₦152.50 and the platform's commission ₦35.00 came off." (a zero part is left out). */
function feeLine(release: OrderRelease): string {
  const parts = [
    Number(release.cardFee) > 0 ? `Paystack's card fee ${formatNaira(release.cardFee)}` : null,
    Number(release.commission) > 0 ? `the platform's commission ${formatNaira(release.commission)}` : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return 'No fee came off.';
  const text = parts.join(' and ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} came off.`;
}

function AvailableNow({ sellerId, since }: { sellerId: string; since: number }) {
  const payouts = useBalances(sellerId);
  // The completion invalidated the balances: only a read finished after it shows what the release did.
  const fresh = payouts.data && !payouts.isFetching && payouts.dataUpdatedAt >= since ? payouts.data : null;
  if (payouts.isError) return null;
  return (
    <chakra.span display="block" data-testid="release-available" aria-live="polite">
      {fresh ? `Your Available balance is now ${naira(fresh.available)}.` : 'Reading your Available balance…'}
    </chakra.span>
  );
}

export function AcceptOrderDialog() {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<PickedOrder | null>(null);
  // The order comes from the pick; the form holds the code, checked by the completion request's own rule.
  const { control, setValue, handleSubmit } = useContractForm(orderCompleteBodySchema.pick({ code: true }), {
    defaultValues: { code: '' },
  });
  const code = useWatch({ control, name: 'code' });
  const setCode = (value: string) => setValue('code', value);
  const [invalid, setInvalid] = useState(false);
  const sellerId = useSellerId();
  const codeInput = useRef<HTMLInputElement>(null);

  const completion = useCompleteOrder(sellerId, () => setCode(''));
  const { reset } = completion;

  useEffect(
    () =>
      eventBus.on('order:completion-requested', (request) => {
        setOpen(true);
        setPicked(request.order ?? null);
        setCode('');
        setInvalid(false);
        reset();
      }),
    [reset],
  );

  const pick = (order: SellerOrder) => {
    setPicked({ id: order.id, orderCode: order.orderCode, buyerFirstName: order.buyerFirstName, items: itemsOf(order) });
    setCode('');
    setInvalid(false);
    reset();
  };

  const submit = handleSubmit(
    (checked) => {
      if (!picked) return;
      setInvalid(false);
      completion.mutate({ orderId: picked.id, code: checked.code });
    },
    () => {
      if (picked) setInvalid(true);
    },
  );

  const completed: Order | undefined = completion.data?.order;
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
                {!picked ? (
                  sellerId ? (
                    <OpenOrderPicker sellerId={sellerId} onPick={pick} />
                  ) : (
                    <Text>{MESSAGES.validation.sellerInfoNotFound}</Text>
                  )
                ) : (
                  <Stack gap="4">
                    <HStack justify="space-between" gap="2" borderWidth="1px" borderRadius="md" px="3" py="2" data-testid="picked-order">
                      <Stack gap="0">
                        <Text>
                          {buyerName(picked)} · <chakra.span fontFamily="mono">{picked.orderCode}</chakra.span>
                        </Text>
                        {picked.items ? (
                          <Text fontSize="sm" color="fg.muted">
                            {picked.items}
                          </Text>
                        ) : sellerId ? (
                          <PickedItems sellerId={sellerId} order={picked} />
                        ) : null}
                      </Stack>
                      {!completed ? (
                        <Button
                          type="button"
                          size="sm"
                          minH="11"
                          variant="ghost"
                          flexShrink={0}
                          onClick={() => setPicked(null)}
                          disabled={completion.isPending}
                        >
                          Change order
                        </Button>
                      ) : null}
                    </HStack>
                    <Text color="fg.muted" fontSize="sm">
                      Enter the 6-digit completion code the buyer received when they paid. It completes this order and releases your money.
                    </Text>
                    <TextField
                      label="Completion code"
                      error={invalid ? MESSAGES.validation.completionCodeInvalid : undefined}
                      ref={codeInput}
                      // Picked (from the list, or with the request): straight on to the code.
                      autoFocus
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
                    {completed ? (
                      <Alert.Root status="success" role="status" borderRadius="md">
                        <Alert.Indicator />
                        <Alert.Content>
                          <Alert.Title>{MESSAGES.completion.success}</Alert.Title>
                          <Alert.Description>
                            <ReleaseSummary
                              sellerId={sellerId}
                              order={completed}
                              release={completion.data?.release}
                              submittedAt={completion.submittedAt}
                            />
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
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button type="button" variant="outline" minH="11">
                    {completed ? 'Done' : 'Cancel'}
                  </Button>
                </Dialog.ActionTrigger>
                {picked ? (
                  <Button
                    type="submit"
                    colorPalette="brand"
                    minH="11"
                    disabled={code.length !== COMPLETION_CODE_LENGTH}
                    loading={completion.isPending}
                    loadingText="Completing..."
                  >
                    Complete order
                  </Button>
                ) : null}
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
