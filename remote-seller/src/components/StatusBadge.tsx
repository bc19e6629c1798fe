import type { OrderStatus } from '@campus/shared/constants';
import { Badge } from '@campus/shared/ui';

/** Spec section 4, seller badge colours: confirmed green, processing blue, pending yellow, cancelled red. */
const PALETTE: Record<OrderStatus, string> = {
  CONFIRMED: 'green',
  PROCESSING: 'blue',
  PENDING: 'yellow',
  CANCELLED: 'red',
  DELIVERED: 'purple',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge colorPalette={PALETTE[status]} data-status-colour={PALETTE[status]} variant="subtle">
      {status}
    </Badge>
  );
}
