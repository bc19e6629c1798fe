import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { href } from '../federation';
import { formatNaira } from '../money';
import type { BuyerOrder } from '../schemas/orders';
import { Badge, Box, Card, Flex, HStack, Heading, Link, Text, chakra } from '@campus/shared/ui';
import { lazyDateFormat } from './date-format';

/** Spec section 4, buyer view: delivered green, cancelled red, others yellow. */
export function buyerStatusColor(status: BuyerOrder['orderStatus']): 'green' | 'red' | 'yellow' {
  if (status === 'DELIVERED') return 'green';
  if (status === 'CANCELLED') return 'red';
  return 'yellow';
}

const STATUS_LABELS: Record<BuyerOrder['orderStatus'], string> = {
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  CONFIRMED: 'Confirmed',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};

const dateFormat = lazyDateFormat({ day: 'numeric', month: 'short', year: 'numeric' });

export const COMPLETION_CODE_HINT = 'Give this code to the seller when you collect your order.';

export interface BuyerOrderCardProps {
  order: BuyerOrder;
  /** Heading level of the store name inside the page. */
  headingLevel?: 'h2' | 'h3';
  /** Under an item, e.g. its rating form. */
  itemFooter?: (item: BuyerOrder['orderItems'][number]) => ReactNode;
  /** e.g. Cancel order. */
  actions?: ReactNode;
}

/**
 * One order as its buyer sees it, on the payment return page and in the
 * profile's Orders tab: store, status, date, items, total, pickup details and,
 * while the order is open, the completion code in large digits.
 */
export function BuyerOrderCard({ order, headingLevel = 'h2', itemFooter, actions }: BuyerOrderCardProps) {
  const labelId = `order-${order.id}`;
  const pickup = [order.hostelName, order.blockNumber && `Block ${order.blockNumber}`, order.roomNo && `Room ${order.roomNo}`].filter(
    Boolean,
  );
  return (
    <Card.Root as="article" variant="outline" aria-labelledby={labelId} data-testid="buyer-order">
      <Card.Body gap="3" p={{ base: 3, md: 5 }}>
        <Flex justify="space-between" align="flex-start" gap="2" flexWrap="wrap">
          <Box minW="0">
            <Heading as={headingLevel} size="md" id={labelId}>
              <Link asChild color="brand.fg">
                <RouterLink to={href('catalogue', { sellerId: order.seller.id })}>{order.seller.catalogueName}</RouterLink>
              </Link>
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Order {order.orderCode} · {dateFormat.format(new Date(order.createdAt))}
            </Text>
          </Box>
          <Badge
            colorPalette={buyerStatusColor(order.orderStatus)}
            data-status-color={buyerStatusColor(order.orderStatus)}
            data-testid="order-status"
            size="md"
          >
            {STATUS_LABELS[order.orderStatus]}
          </Badge>
        </Flex>
        <chakra.ul listStyleType="none" m="0" p="0">
          {order.orderItems.map((item) => (
            <chakra.li key={item.id} py="1.5" borderTopWidth="1px" _first={{ borderTopWidth: 0 }}>
              <HStack justify="space-between" align="flex-start" gap="2">
                <Link asChild minW="0" color="fg">
                  <RouterLink to={href('product', { slug: item.product.slug || item.product.id })}>{item.product.name}</RouterLink>
                </Link>
                <Text flexShrink={0} fontSize="sm">
                  {item.quantity} × {formatNaira(item.price)}
                </Text>
              </HStack>
              {itemFooter ? itemFooter(item) : null}
            </chakra.li>
          ))}
        </chakra.ul>
        <Flex justify="space-between" fontWeight="bold">
          <Text>Total</Text>
          <Text data-testid="order-total">{formatNaira(order.totalPrice)}</Text>
        </Flex>
        {pickup.length > 0 ? (
          <Text fontSize="sm">
            <chakra.span fontWeight="semibold">Pickup: </chakra.span>
            {pickup.join(', ')}
          </Text>
        ) : null}
        {order.completionCode ? (
          <Box bg="brand.subtle" borderRadius="md" p="3" textAlign="center">
            <Text fontSize="sm" fontWeight="semibold" id={`${labelId}-code`}>
              Completion code
            </Text>
            <Text
              aria-labelledby={`${labelId}-code`}
              data-testid="completion-code"
              fontFamily="mono"
              fontWeight="bold"
              fontSize={{ base: '3xl', md: '4xl' }}
              letterSpacing="0.25em"
            >
              {order.completionCode}
            </Text>
            <Text fontSize="sm">{COMPLETION_CODE_HINT}</Text>
          </Box>
        ) : null}
        {actions}
      </Card.Body>
    </Card.Root>
  );
}
