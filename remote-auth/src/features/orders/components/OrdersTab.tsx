import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { conversationHref } from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import type { BuyerOrder } from '@campus/shared/schemas';
import { BuyerOrderCard, ConfirmDialog, DisputeThread } from '@campus/shared/product-ui';
import { Button, EmptyState, ErrorPanel, PageSpinner, Stack, Text, chakra } from '@campus/shared/ui';
import { useCancelOrder, useMyOrders } from '../api/use-my-orders';
import { DisputeStatementForm, OpenDisputeForm } from './DisputeForms';
import { RateItemForm } from './RateItemForm';
import { RefundAccountNotices } from './RefundAccountNotices';

export const CANCEL_CONFIRM = 'Are you sure you want to cancel this order? The payment goes back to your card.';

/**
 * The profile's Orders tab (spec section 2 Profile): the buyer's orders,
 * newest first, each with its status badge, items, total, store, date and,
 * while open, the completion code. Cancel where the API allows it (PENDING);
 * on an accepted order not completed 14 days after payment, Open a dispute
 * instead, then follow it and add statements; rate each item of a delivered
 * order once; Message seller opens the conversation about the order. At the top, any refund that waits for the buyer's bank account.
 */
export function OrdersTab() {
  return (
    <Stack gap="4">
      <RefundAccountNotices />
      <OrdersList />
    </Stack>
  );
}

function OrdersList() {
  const orders = useMyOrders();
  const cancelling = useCancelOrder();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [disputing, setDisputing] = useState<string | null>(null);
  const [disputeOpened, setDisputeOpened] = useState(false);

  if (orders.isPending) return <PageSpinner label="Loading your orders" minH="40" />;
  if (orders.isError) {
    return (
      <ErrorPanel
        message={MESSAGES.orders.fetchFailed}
        action={
          <Button size="sm" variant="outline" onClick={() => void orders.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const list = orders.data.pages.flatMap((page) => page.data);
  if (list.length === 0) return <EmptyState title={MESSAGES.orders.empty} />;

  return (
    <Stack gap="4">
      {cancelling.done ? (
        <Text role="status" color="green.700">
          {MESSAGES.orders.cancelled}
        </Text>
      ) : null}
      {disputeOpened ? (
        <Text role="status" color="green.700">
          {MESSAGES.disputes.opened}
        </Text>
      ) : null}
      <chakra.ul listStyleType="none" m="0" p="0" display="grid" gap="4" aria-label="Your orders">
        {list.map((order) => (
          <li key={order.id}>
            <BuyerOrderCard
              order={order}
              headingLevel="h3"
              itemFooter={order.orderStatus === 'DELIVERED' ? (item) => <RateItemForm item={item} /> : undefined}
              actions={
                <Stack gap="3">
                  <Button asChild alignSelf="flex-start" size="sm" variant="outline" colorPalette="brand">
                    <RouterLink to={conversationHref({ orderId: order.id })} aria-label={`Message seller about order ${order.orderCode}`}>
                      Message seller
                    </RouterLink>
                  </Button>
                  {order.cancellable ? (
                    <Stack gap="2">
                      {cancelling.error?.orderId === order.id ? <ErrorPanel message={cancelling.error.text} /> : null}
                      <Button
                        alignSelf="flex-start"
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        // The shown words in the name (WCAG 2.5.3), "Cancelling..." while it is busy.
                        aria-label={`${cancelling.pendingId === order.id ? 'Cancelling...' : 'Cancel'} order ${order.orderCode}`}
                        loading={cancelling.pendingId === order.id}
                        loadingText="Cancelling..."
                        disabled={cancelling.pendingId !== undefined}
                        onClick={() => setConfirming(order.id)}
                      >
                        Cancel order
                      </Button>
                    </Stack>
                  ) : null}
                  <DisputeActions
                    order={order}
                    formShown={disputing === order.id}
                    onShowForm={() => (setDisputing(order.id), setDisputeOpened(false))}
                    onDone={(opened) => (setDisputing(null), setDisputeOpened(opened))}
                  />
                </Stack>
              }
            />
          </li>
        ))}
      </chakra.ul>
      {orders.hasNextPage ? (
        <Button
          alignSelf="center"
          variant="outline"
          onClick={() => void orders.fetchNextPage()}
          loading={orders.isFetchingNextPage}
          loadingText="Loading..."
        >
          Show more orders
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title="Cancel order"
        message={CANCEL_CONFIRM}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) cancelling.cancel(confirming);
          setConfirming(null);
        }}
      />
    </Stack>
  );
}

/** Open a dispute (the button, then the reason form), or the dispute itself with the statement form while it is open. */
function DisputeActions(props: { order: BuyerOrder; formShown: boolean; onShowForm: () => void; onDone: (opened: boolean) => void }) {
  const { order, formShown, onShowForm, onDone } = props;
  if (order.dispute) {
    return (
      <Stack gap="2">
        <DisputeThread dispute={order.dispute} viewer="buyer" />
        {order.dispute.status === 'open' ? <DisputeStatementForm orderId={order.id} orderCode={order.orderCode} /> : null}
      </Stack>
    );
  }
  if (!order.disputable) return null;
  if (formShown) return <OpenDisputeForm orderId={order.id} orderCode={order.orderCode} onDone={onDone} />;
  return (
    <Button
      alignSelf="flex-start"
      size="sm"
      variant="outline"
      colorPalette="orange"
      aria-label={`Open a dispute on order ${order.orderCode}`}
      onClick={onShowForm}
    >
      Open a dispute
    </Button>
  );
}
