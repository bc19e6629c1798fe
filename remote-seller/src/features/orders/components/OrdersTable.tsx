/**
 * The store's orders as a table (spec section 2, Orders): Order ID, Customer
 * (buyer's first name and id with hostel, block and room), Items (the real items), Status,
 * Total, Date, Actions. Actions follow spec section 4: Confirm on PENDING,
 * Process on CONFIRMED, Accept (the Accept Order dialog with this order
 * picked) and Cancel on any open order, the cancel after a confirm that says
 * the buyer is refunded. A row shows the API's answer once a move succeeds.
 * An order the buyer disputes shows it beside its status and offers no move
 * (the campus team decides); the seller answers it in the dispute dialog.
 * Message buyer (on every row and in the order's details) opens the
 * conversation about the order.
 * The table scrolls inside its own box on a phone.
 */
import { useState } from 'react';
import { LuMessageCircle } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { conversationHref } from '@campus/shared/federation';
import { eventBus } from '@campus/shared/event-bus';
import type { Order, SellerOrder } from '@campus/shared/schemas';
import { Badge, Button, Dialog, HStack, Portal, Stack, Table, Text, chakra } from '@campus/shared/ui';
import { ConfirmDialog } from '@campus/shared/product-ui';
import { OrderStatusBadge } from '../../../components/StatusBadge';
import { serverMessageOr } from '../../../lib/errors';
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
function MessageBuyer({ order, size = 'md' }: { order: Order; size?: 'xs' | 'md' }) {
  return (
    <Button asChild size={size} variant="outline" colorPalette="brand">
      <RouterLink to={conversationHref({ orderId: order.id })} aria-label={`Message buyer about order ${order.orderCode}`}>
        <LuMessageCircle aria-hidden="true" /> Message buyer
      </RouterLink>
    </Button>
  );
}

/** The view action: the whole order (buyer id in full, every item with its price, pickup, codes). */
function OrderDetails({ order, onClose }: { order: Order | null; onClose: () => void }) {
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
                    <Text>
                      Customer <chakra.span fontFamily="mono">{order.userId}</chakra.span>
                    </Text>
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

export function OrdersTable({ sellerId, orders, actions = true }: { sellerId: string; orders: readonly SellerOrder[]; actions?: boolean }) {
  const move = useOrderMove(sellerId);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [viewing, setViewing] = useState<Order | null>(null);
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
          setFailure(serverMessageOr(error, `Order ${order.orderCode} could not be updated. Please try again.`));
        },
      },
    );
  };
  const busy = (order: Order) => move.isPending && move.variables?.order.id === order.id;

  return (
    <Stack gap="3">
      {failure ? (
        <Text role="alert" color="red.700" fontSize="sm">
          {failure}
        </Text>
      ) : null}
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
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
            {orders.map((order) => (
              <Table.Row key={order.id} data-testid={`order-${order.id}`}>
                <Table.Cell fontFamily="mono" fontSize="xs">
                  {order.orderCode}
                </Table.Cell>
                <Table.Cell>
                  {order.buyerFirstName ? <Text fontSize="sm">{order.buyerFirstName}</Text> : null}
                  <Text fontSize="xs" fontFamily="mono" title={order.userId}>
                    {order.userId.slice(0, 8)}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {pickup(order)}
                  </Text>
                </Table.Cell>
                <Table.Cell minW="40">
                  <OrderItems order={order} />
                </Table.Cell>
                <Table.Cell>
                  <Stack gap="1" align="flex-start">
                    <OrderStatusBadge status={order.orderStatus} />
                    {order.dispute ? (
                      <Badge colorPalette="orange" variant="solid" data-testid="dispute-badge">
                        {order.dispute.status === 'open' ? 'In dispute' : 'Dispute decided'}
                      </Badge>
                    ) : null}
                  </Stack>
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {naira(order.totalPrice)}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(order.createdAt)}</Table.Cell>
                {actions ? (
                  <Table.Cell>
                    <HStack gap="1">
                      {order.dispute ? (
                        <Button
                          size="xs"
                          colorPalette="orange"
                          variant={order.dispute.status === 'open' ? 'solid' : 'outline'}
                          onClick={() => setDisputeOf(order.id)}
                          aria-label={`${order.dispute.status === 'open' ? 'Answer dispute' : 'View dispute'} on order ${order.orderCode}`}
                        >
                          {order.dispute.status === 'open' ? 'Answer dispute' : 'View dispute'}
                        </Button>
                      ) : null}
                      {order.dispute?.status === 'open' ? null : order.orderStatus === 'PENDING' ? (
                        <Button
                          size="xs"
                          colorPalette="brand"
                          loading={busy(order)}
                          onClick={() => run(order, 'CONFIRMED')}
                          aria-label={`Confirm order ${order.orderCode}`}
                        >
                          Confirm
                        </Button>
                      ) : null}
                      {order.orderStatus === 'CONFIRMED' && order.dispute?.status !== 'open' ? (
                        <Button
                          size="xs"
                          colorPalette="blue"
                          loading={busy(order)}
                          onClick={() => run(order, 'PROCESSING')}
                          aria-label={`Process order ${order.orderCode}`}
                        >
                          Process
                        </Button>
                      ) : null}
                      {OPEN.has(order.orderStatus) && order.dispute?.status !== 'open' ? (
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="green"
                          onClick={() =>
                            eventBus.emit('order:completion-requested', {
                              order: { id: order.id, orderCode: order.orderCode, buyerFirstName: order.buyerFirstName },
                            })
                          }
                          aria-label={`Accept order ${order.orderCode}`}
                        >
                          Accept
                        </Button>
                      ) : null}
                      {OPEN.has(order.orderStatus) && order.dispute?.status !== 'open' ? (
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          onClick={() => setCancelling(order)}
                          aria-label={`Cancel order ${order.orderCode}`}
                        >
                          Cancel
                        </Button>
                      ) : null}
                      <Button size="xs" variant="ghost" onClick={() => setViewing(order)} aria-label={`View order ${order.orderCode}`}>
                        View
                      </Button>
                      <MessageBuyer order={order} size="xs" />
                    </HStack>
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
