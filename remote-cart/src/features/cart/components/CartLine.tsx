import { Link as RouterLink } from 'react-router-dom';
import { href } from '@campus/shared/federation';
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import { Price, mediaUrl } from '@campus/shared/product-ui';
import type { CartItem } from '@campus/shared/schemas';
import { Badge, Box, Button, Flex, HStack, IconButton, Image, Link, Stack, Text, chakra } from '@campus/shared/ui';
import { LuMinus, LuPlus, LuTrash2 } from 'react-icons/lu';
import { lineKobo, lineProblem } from '../../../lib/cart-lines';
import type { CartChange } from '../api/use-cart-changes';

export interface CartLineProps {
  item: CartItem;
  /** A change is on its way: every control waits until it is done. */
  disabled: boolean;
  onChange: (change: CartChange) => void;
}

/**
 * One line: photo, name, price, quantity (minus never below 1 on this page,
 * plus never above the stock, spec section 4), remove; a product that went out
 * of stock, or has fewer left than the line asks for, is marked.
 */
export function CartLine({ item, disabled, onChange }: CartLineProps) {
  const { product } = item;
  const problem = lineProblem(item);
  const photo = product.imageUrls[0];
  return (
    <Flex as="li" gap="3" py="3" align="flex-start" data-testid="cart-line" opacity={problem === 'out' ? 0.75 : 1}>
      <Box w="16" h="16" flexShrink={0} borderRadius="md" overflow="hidden" bg="bg.muted">
        {photo ? <Image src={mediaUrl(photo)} alt="" w="full" h="full" objectFit="cover" loading="lazy" /> : null}
      </Box>
      <Stack flex="1" minW="0" gap="1">
        <Link asChild fontWeight="semibold" color="fg" lineClamp={2}>
          <RouterLink to={href('product', { slug: product.slug || item.productId })}>{product.name}</RouterLink>
        </Link>
        <Price value={product.price} size="sm" />
        {problem === 'out' ? (
          <Text fontSize="sm" color="red.700">
            <Badge colorPalette="red" mr="2">
              Out of stock
            </Badge>
            Not counted in the total. Remove it to check out.
          </Text>
        ) : null}
        {problem === 'above' ? (
          <Text fontSize="sm" color="orange.800">
            Only {product.stockQuantity} left in stock.{' '}
            <Button
              size="xs"
              variant="outline"
              disabled={disabled}
              onClick={() => onChange({ kind: 'quantity', itemId: item.id, quantity: product.stockQuantity })}
            >
              Change to {product.stockQuantity}
            </Button>
          </Text>
        ) : null}
        <HStack justify="space-between" gap="2" flexWrap="wrap" pt="1">
          <HStack gap="1" borderWidth="1px" borderRadius="md" p="0.5" aria-busy={disabled}>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={`Decrease quantity of ${product.name}`}
              disabled={disabled || item.quantity <= 1 || problem === 'out'}
              onClick={() => onChange({ kind: 'quantity', itemId: item.id, quantity: item.quantity - 1 })}
            >
              <LuMinus />
            </IconButton>
            <chakra.span fontWeight="semibold" minW="8" textAlign="center" aria-live="polite" data-testid="cart-quantity">
              <chakra.span srOnly>Quantity of {product.name}: </chakra.span>
              {item.quantity}
            </chakra.span>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={`Increase quantity of ${product.name}`}
              disabled={disabled || item.quantity >= product.stockQuantity}
              onClick={() => onChange({ kind: 'quantity', itemId: item.id, quantity: item.quantity + 1 })}
            >
              <LuPlus />
            </IconButton>
          </HStack>
          <Text fontWeight="bold" data-testid="line-total" textDecoration={problem === 'out' ? 'line-through' : undefined}>
            {formatNaira(koboToDecimalString(lineKobo(item)))}
          </Text>
          <Button
            size="sm"
            variant="ghost"
            colorPalette="red"
            aria-label={`Remove ${product.name}`}
            disabled={disabled}
            onClick={() => onChange({ kind: 'remove', itemId: item.id })}
          >
            <LuTrash2 aria-hidden="true" /> Remove
          </Button>
        </HStack>
      </Stack>
    </Flex>
  );
}
