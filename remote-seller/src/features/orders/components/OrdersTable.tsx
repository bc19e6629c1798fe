/**
 * The store's orders (spec section 2, Orders): Order ID, Customer (the
 * buyer's first name with hostel, block and room), Items (the real items),
 * Status, Total, Date, Actions. Actions follow spec section 4: Confirm on
 * PENDING, Process on CONFIRMED, Accept (the Accept Order dialog with this
 * order picked) and Cancel on any open order, the cancel after a confirm that
 * says the buyer is refunded. A row shows the API's answer once a move
 * succeeds. An order the buyer disputes shows it beside its status and offers
 * no move (the campus team decides); the seller answers it in the dispute
 * dialog. Message buyer (on every order and in the order's details) opens the
 * conversation about the order.
 *
 * Two layouts of the same orders and the same actions (orderActions): below
 * Chakra's `md` a card per order, its actions wrapping, each at least 44 px
 * square for a thumb; from `md` up a table whose actions wrap inside their
 * cell, so none sits off screen. The switch is CSS (hideFrom / hideBelow), so
 * the server's HTML is right at first paint, and the layout not shown is
 * display:none: out of the accessibility tree, so a button's name finds one
 * visible button. The table row carries `order-{id}`, the card `order-card-{id}`.
 */
import { messageOr } from '@campus/shared/api-client';
import { useState, type ReactNode } from 'react';
import { LuMessageCircle } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { conversationHref } from '@campus/shared/federation';
import { eventBus } from '@campus/shared/event-bus';
import type { Order, SellerOrder } from '@campus/shared/schemas';
import { Badge, Box, Button, Dialog, Flex, HStack, Portal, Stack, Table, Text, chakra, type ButtonProps } from '@campus/shared/ui';
import { ConfirmDialog } from '@campus/shared/product-ui';
import { OrderStatusBadge } from '../../../components/StatusBadge';
import { formatDate, naira } from '../../../lib/format';
import type { OrderMove } from '../api/seller-orders';
import { useOrderMove } from '../api/use-order-changes';
import { DisputeDialog } from './DisputeDialog';

const OPEN = new Set(['PENDING', 'CONFIRMED', 'PROCESSING']);

export const cancelQuestion = (order: Order) =>
  `Cancel order ${order.orderCode}? The buyer's ${naira(order.totalPrice)} goes back to their card and the items return to your stock.`;

function pickup(order: Order): string {
  const parts = [order.hostelName, order.blockNumber ? `Block ${order.blockNumber}` : null, order.roomNo ? `Room ${order.roomNo}` : null];
  return parts.filter(Boolean).join(', ');
}

/** The buyer as the seller knows them: the first name (the API leaves it out when the buyer's account is gone). */
export const buyerNameOf = (order: SellerOrder): string => order.buyerFirstName || 'Buyer';

export function OrderItems({ order }: { order: Order }) {
  return (
    <Stack as="ul" gap="0.5" listStyleType="none" fontSize="sm">
      {order.orderItems.map((item) => (
        <li key={item.id}>
          {item.product.name} × {item.quantity}
        </li>
      ))}
    </Stack>
  );
}

/** A link to the conversation with the order's buyer about this order (the chat screen finds or starts it). */
function MessageBuyer({ order, button }: { order: Order; button?: ButtonProps }) {
  return (
    <Button asChild variant="outline" colorPalette="brand" {...button}>
      <RouterLink to={conversationHref({ orderId: order.id })} aria-label={`Message buyer about order ${order.orderCode}`}>
        <LuMessageCircle aria-hidden="true" /> Message buyer
      </RouterLink>
    </Button>
  );
}

/** The view action: the whole order (the buyer by first name, every item with its price, pickup, codes). */
function OrderDetails({ order, onClose }: { order: SellerOrder | null; onClose: () => void }) {
  return (
    <Dialog.Root open={order !== null} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            {order ? (
              <>
                <Dialog.Header>
                  <Dialog.Title>Order {order.orderCode}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="3" fontSize="sm">
                    <HStack justify="space-between">
                      <OrderStatusBadge status={order.orderStatus} />
                      <Text>{formatDate(order.createdAt)}</Text>
                    </HStack>
                    <Stack gap="0">
                      <Text>Customer {buyerNameOf(order)}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        Buyer reference <chakra.span fontFamily="mono">{order.userId}</chakra.span>
                      </Text>
                    </Stack>
                    <Text>Pickup: {pickup(order) || '–'}</Text>
                    <Stack as="ul" gap="1" listStyleType="none" aria-label="Items">
                      {order.orderItems.map((item) => (
                        <HStack as="li" key={item.id} justify="space-between">
                          <Text>
                            {item.product.name} × {item.quantity}
                          </Text>
                          <Text>{naira(item.price)} each</Text>
                        </HStack>
                      ))}
                    </Stack>
                    <Text fontWeight="semibold">Total {naira(order.totalPrice)}</Text>
                    {order.settlementCode ? <Text>Payout reference {order.settlementCode}</Text> : null}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <MessageBuyer order={order} />
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">Close</Button>
                  </Dialog.ActionTrigger>
                </Dialog.Footer>
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** One thing the seller may do with an order, drawn the same way in the table and in the card. */
export interface OrderAction {
  key: 'dispute' | 'confirm' | 'process' | 'accept' | 'cancel' | 'view' | 'message';
  /** What the button shows. */
  text: string;
  /** Its accessible name: the words shown and the order's code. */
  label: string;
  colorPalette?: string;
  variant: 'solid' | 'outline' | 'ghost';
  loading?: boolean;
  /** A button's move; absent for Message buyer, a link. */
  onClick?: () => void;
}

interface ActionHandlers {
  busy: boolean;
  onMove: (to: OrderMove) => void;
  onAccept: () => void;
  onCancel: () => void;
  onView: () => void;
  onDispute: () => void;
}

/**
 * What the seller may do with `order`, in the order they are shown: the dispute (answer or view) when there
 * is one; while it is open no move (the campus team decides); otherwise Confirm on PENDING, Process on
 * CONFIRMED, Accept and Cancel on any open order; View and Message buyer always.
 */
export function orderActions(order: Order, on: ActionHandlers): OrderAction[] {
  const code = order.orderCode;
  const actions: OrderAction[] = [];
  const disputeOpen = order.dispute?.status === 'open';
  if (order.dispute) {
    const text = disputeOpen ? 'Answer dispute' : 'View dispute';
    actions.push({
      key: 'dispute',
      text,
      label: `${text} on order ${code}`,
      colorPalette: 'orange',
      variant: disputeOpen ? 'solid' : 'outline',
      onClick: on.onDispute,
    });
  }
  if (!disputeOpen) {
    if (order.orderStatus === 'PENDING')
      actions.push({
        key: 'confirm',
        text: 'Confirm',
        label: `Confirm order ${code}`,
        colorPalette: 'brand',
        variant: 'solid',
        loading: on.busy,
        onClick: () => on.onMove('CONFIRMED'),
      });
    if (order.orderStatus === 'CONFIRMED')
      actions.push({
        key: 'process',
        text: 'Process',
        label: `Process order ${code}`,
        colorPalette: 'blue',
        variant: 'solid',
        loading: on.busy,
        onClick: () => on.onMove('PROCESSING'),
      });
    if (OPEN.has(order.orderStatus)) {
      actions.push({
        key: 'accept',
        text: 'Accept',
        label: `Accept order ${code}`,
        colorPalette: 'green',
        variant: 'outline',
        onClick: on.onAccept,
      });
      actions.push({
        key: 'cancel',
        text: 'Cancel',
        label: `Cancel order ${code}`,
        colorPalette: 'red',
        variant: 'outline',
        onClick: on.onCancel,
      });
    }
  }
  actions.push({ key: 'view', text: 'View', label: `View order ${code}`, variant: 'ghost', onClick: on.onView });
  actions.push({ key: 'message', text: 'Message buyer', label: `Message buyer about order ${code}`, variant: 'outline' });
  return actions;
}

/** The actions of one order as buttons; `touch`: at least 44 × 44 px each (WCAG 2.5.5), for the phone's cards. */
function ActionButtons({ order, actions, touch }: { order: Order; actions: readonly OrderAction[]; touch: boolean }) {
  const size: ButtonProps = touch ? { size: 'md', minH: '11', minW: '11' } : { size: 'xs' };
  return (
    // In the table a narrow box (14rem): the actions wrap onto more lines instead of widening the table past the screen.
    <Flex gap={touch ? '2' : '1'} wrap="wrap" maxW={touch ? undefined : '56'}>
      {actions.map((action) =>
        action.key === 'message' ? (
          <MessageBuyer key={action.key} order={order} button={size} />
        ) : (
          <Button
            key={action.key}
            {...size}
            colorPalette={action.colorPalette}
            variant={action.variant}
            loading={action.loading}
            onClick={action.onClick}
            aria-label={action.label}
          >
            {action.text}
          </Button>
        ),
      )}
    </Flex>
  );
}

function StatusBadges({ order }: { order: Order }) {
  return (
    <Flex gap="1" wrap="wrap" align="flex-start" direction={{ base: 'row', md: 'column' }}>
      <OrderStatusBadge status={order.orderStatus} />
      {order.dispute ? (
        <Badge colorPalette="orange" variant="solid" data-testid="dispute-badge">
          {order.dispute.status === 'open' ? 'In dispute' : 'Dispute decided'}
        </Badge>
      ) : null}
    </Flex>
  );
}

/** A phone's view of one order: what the table's row shows, stacked, with its actions below. */
function OrderCard({ order, actions }: { order: SellerOrder; actions: readonly OrderAction[] | null }) {
  const field = (label: string, value: ReactNode) => (
    <Stack gap="0.5">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      {value}
    </Stack>
  );
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" data-testid={`order-card-${order.id}`} aria-label={`Order ${order.orderCode}`}>
      <Stack gap="3">
        <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
          <Text fontFamily="mono" fontSize="sm" fontWeight="semibold">
            {order.orderCode}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {formatDate(order.createdAt)}
          </Text>
        </Flex>
        {field(
          'Customer',
          <Text fontSize="sm">
            {buyerNameOf(order)}
            {pickup(order) ? <chakra.span color="fg.muted"> · {pickup(order)}</chakra.span> : null}
          </Text>,
        )}
        {field('Items', <OrderItems order={order} />)}
        <Flex justify="space-between" align="flex-end" gap="2" wrap="wrap">
          <StatusBadges order={order} />
          <Text fontWeight="semibold">{naira(order.totalPrice)}</Text>
        </Flex>
        {actions ? <ActionButtons order={order} actions={actions} touch /> : null}
      </Stack>
    </Box>
  );
}

export function OrdersTable({ sellerId, orders, actions = true }: { sellerId: string; orders: readonly SellerOrder[]; actions?: boolean }) {
  const move = useOrderMove(sellerId);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [viewing, setViewing] = useState<SellerOrder | null>(null);
  // By id: the row's order (and its dispute) changes in the cache when the seller answers.
  const [disputeOf, setDisputeOf] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = (order: Order, to: OrderMove) => {
    setFailure(null);
    move.mutate(
      { order, to },
      {
        onSuccess: () => setCancelling(null),
        onError: (error) => {
          setCancelling(null);
          setFailure(messageOr(error, `Order ${order.orderCode} could not be updated. Please try again.`));
        },
      },
    );
  };
  const busy = (order: Order) => move.isPending && move.variables?.order.id === order.id;

  // Worked out once per order, drawn by both layouts.
  const actionsOf = (order: SellerOrder): OrderAction[] | null =>
    actions
      ? orderActions(order, {
          busy: busy(order),
          onMove: (to) => run(order, to),
          onAccept: () =>
            eventBus.emit('order:completion-requested', {
              order: { id: order.id, orderCode: order.orderCode, buyerFirstName: order.buyerFirstName },
            }),
          onCancel: () => setCancelling(order),
          onView: () => setViewing(order),
          onDispute: () => setDisputeOf(order.id),
        })
      : null;
  const rows = orders.map((order) => ({ order, actions: actionsOf(order) }));

  return (
    <Stack gap="3">
      {failure ? (
        <Text role="alert" color="red.700" fontSize="sm">
          {failure}
        </Text>
      ) : null}
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Orders" hideFrom="md" data-layout="cards">
        {rows.map(({ order, actions: list }) => (
          <OrderCard key={order.id} order={order} actions={list} />
        ))}
      </Stack>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" hideBelow="md" data-layout="table">
        <Table.Root size="sm" interactive>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Order ID</Table.ColumnHeader>
              <Table.ColumnHeader>Customer</Table.ColumnHeader>
              <Table.ColumnHeader>Items</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              {actions ? <Table.ColumnHeader>Actions</Table.ColumnHeader> : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map(({ order, actions: list }) => (
              <Table.Row key={order.id} data-testid={`order-${order.id}`}>
                <Table.Cell fontFamily="mono" fontSize="xs">
                  {order.orderCode}
                </Table.Cell>
                <Table.Cell>
                  <Text fontSize="sm">{buyerNameOf(order)}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {pickup(order)}
                  </Text>
                </Table.Cell>
                <Table.Cell minW="32">
                  <OrderItems order={order} />
                </Table.Cell>
                <Table.Cell>
                  <StatusBadges order={order} />
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {naira(order.totalPrice)}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(order.createdAt)}</Table.Cell>
                {list ? (
                  <Table.Cell minW="40">
                    <ActionButtons order={order} actions={list} touch={false} />
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <OrderDetails order={viewing} onClose={() => setViewing(null)} />
      <DisputeDialog sellerId={sellerId} order={orders.find((o) => o.id === disputeOf) ?? null} onClose={() => setDisputeOf(null)} />
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel order"
        message={cancelling ? cancelQuestion(cancelling) : ''}
        confirmLabel="Cancel and refund"
        cancelLabel="Keep it"
        busy={move.isPending}
        onConfirm={() => cancelling && run(cancelling, 'CANCELLED')}
        onCancel={() => setCancelling(null)}
      />
    </Stack>
  );
}
