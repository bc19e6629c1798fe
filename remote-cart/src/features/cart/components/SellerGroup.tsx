import { Link as RouterLink } from 'react-router-dom';
import { href } from '@campus/shared/federation';
import type { Cart } from '@campus/shared/schemas';
import { Card, Heading, Link, Stack, Text, chakra } from '@campus/shared/ui';
import type { CartChange } from '../api/use-cart-changes';
import { CartLine } from './CartLine';

export interface SellerGroupProps {
  group: Cart['sellers'][number];
  disabled: boolean;
  onChange: (change: CartChange) => void;
}

/** One store's lines (spec section 2: items grouped by seller); the store name opens its public catalogue. */
export function SellerGroup({ group, disabled, onChange }: SellerGroupProps) {
  const units = group.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <Card.Root as="section" variant="outline" aria-labelledby={`store-${group.sellerId}`}>
      <Card.Header pb="0">
        <Stack direction="row" justify="space-between" align="baseline" gap="2" flexWrap="wrap">
          <Heading as="h2" size="md" id={`store-${group.sellerId}`}>
            <Link asChild color="brand.fg">
              <RouterLink to={href('catalogue', { sellerId: group.sellerId })}>{group.catalogueName}</RouterLink>
            </Link>
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {units} {units === 1 ? 'item' : 'items'}
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body pt="1">
        <chakra.ul listStyleType="none" m="0" p="0" divideY="1px">
          {group.items.map((item) => (
            <CartLine key={item.id} item={item} disabled={disabled} onChange={onChange} />
          ))}
        </chakra.ul>
      </Card.Body>
    </Card.Root>
  );
}
