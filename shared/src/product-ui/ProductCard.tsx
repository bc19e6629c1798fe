import { Children, createContext, useContext, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LOW_STOCK_THRESHOLD, conditionLabel, type ProductCondition } from '../constants';
import { Badge, Box, Card, Flex, Image, Link, Stack, Text, chakra } from '@campus/shared/ui';
import { mediaUrl } from './media-url';
import { Price } from './Price';
import { StarRating } from './StarRating';

export type StockLevel = 'out' | 'low' | 'plenty';

/** Spec sections 4 and 9: 0 is out of stock, below 10 is low. */
export function stockLevel(stockQuantity: number): StockLevel {
  if (stockQuantity <= 0) return 'out';
  return stockQuantity < LOW_STOCK_THRESHOLD ? 'low' : 'plenty';
}

/** The stock text the product screens show. */
export function stockText(stockQuantity: number): string {
  const level = stockLevel(stockQuantity);
  if (level === 'out') return 'Out of stock';
  if (level === 'low') return `Only ${stockQuantity} left in stock`;
  return `In stock (${stockQuantity} available)`;
}

/**
 * How many cards of a list a phone shows before any scrolling (two rows of the grid, or the
 * list's first cards): their photos load at once and ahead of the rest.
 */
export const FIRST_SCREEN_CARDS = 4;

/**
 * A grid of product cards: columns of at least 9.5 rem, so two cards a row on a 360-430 px phone
 * (as students know from Jiji), one on the narrowest screens, three from a tablet up (spec: "1, 2
 * or 3 columns by width"). Every product grid uses it: marketplace, category, store, wishlists.
 */
export const PRODUCT_GRID_COLUMNS = { base: 'repeat(auto-fill, minmax(9.5rem, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } as const;
export const PRODUCT_GRID_GAP = { base: '2', sm: '4' } as const;

const FirstOnScreen = createContext(false);

/**
 * A list of product cards, each told whether it is among the first FIRST_SCREEN_CARDS: the
 * page's largest paint is one of their photos, so those are not lazy-loaded (that waits for
 * layout) and download at high priority. The list knows the positions; the cards only ask.
 */
export function ProductCardList({ children }: { children: ReactNode }) {
  return Children.map(children, (child, index) => (
    <FirstOnScreen.Provider value={index < FIRST_SCREEN_CARDS}>{child}</FirstOnScreen.Provider>
  ));
}

export interface ProductCardProps {
  /** /product/{slug or id} */
  href: string;
  /** Plain text or highlighted nodes. */
  name: ReactNode;
  /** The plain name, for the image's alt text. */
  imageAlt: string;
  imageUrl?: string | null;
  price: string | number;
  originalPrice?: string | number | null;
  sellerName?: ReactNode;
  /** /seller/{sellerId}/catalogue */
  sellerHref?: string;
  categoryName?: ReactNode;
  description?: ReactNode;
  stockQuantity?: number;
  /** New, fairly used or used; nothing shows when the seller has not said. */
  condition?: ProductCondition | null;
  rating?: { value: number; count: number };
  layout?: 'grid' | 'list';
  /** Cart and wishlist buttons. */
  actions?: ReactNode;
}

/**
 * A product in a grid or list: image, name, price, seller, stock, and a slot for buttons. On a
 * phone the grid's card is compact (two a row) and the list is a real list: a small photo beside
 * the text, several products a screen.
 */
export function ProductCard(props: ProductCardProps) {
  const { href, name, imageAlt, imageUrl, price, originalPrice, sellerName, sellerHref } = props;
  const { categoryName, description, stockQuantity, condition, rating, layout = 'grid', actions } = props;
  const firstOnScreen = useContext(FirstOnScreen);
  const isList = layout === 'list';
  const level = stockQuantity === undefined ? null : stockLevel(stockQuantity);
  return (
    <Card.Root
      as="article"
      data-testid="product-card"
      // The list: the photo beside the text, the buttons under the text.
      {...(isList ? { display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gridTemplateRows: '1fr auto' } : {})}
      flexDirection="column"
      overflow="hidden"
      variant="outline"
      h="full"
      transition="box-shadow 0.15s, transform 0.15s"
      _hover={{ shadow: 'md' }}
    >
      {/* The image repeats the name link for pointer users; hidden from the tab order and screen readers. */}
      <Box asChild gridRow={isList ? 'span 2' : undefined}>
        <RouterLink to={href} tabIndex={-1} aria-hidden="true">
          <Box
            position="relative"
            bg="bg.muted"
            w={isList ? { base: '28', sm: '48' } : 'full'}
            flexShrink={0}
            aspectRatio={isList ? 1 : 4 / 3}
            h={isList ? 'auto' : 'full'}
          >
            {imageUrl ? (
              <Image
                src={mediaUrl(imageUrl)}
                alt={imageAlt}
                loading={firstOnScreen ? 'eager' : 'lazy'}
                fetchPriority={firstOnScreen ? 'high' : 'auto'}
                w="full"
                h="full"
                objectFit="cover"
              />
            ) : (
              <Flex w="full" h="full" align="center" justify="center" color="fg.subtle" fontSize="sm">
                No photo
              </Flex>
            )}
            {level === 'out' ? (
              <Badge position="absolute" top="2" insetStart="2" colorPalette="red" variant="solid">
                Out of stock
              </Badge>
            ) : null}
          </Box>
        </RouterLink>
      </Box>
      <Card.Body gap={{ base: '1', sm: '1.5' }} p={{ base: '2', sm: '3' }} flex="1" minW="0">
        {categoryName ? (
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            {categoryName}
          </Text>
        ) : null}
        <Link asChild fontWeight="semibold" color="fg" lineClamp={2} _hover={{ color: 'brand.fg' }}>
          <RouterLink to={href}>{name}</RouterLink>
        </Link>
        {isList && description ? (
          <Text fontSize="sm" color="fg.muted" lineClamp={2}>
            {description}
          </Text>
        ) : null}
        <Price value={price} original={originalPrice ?? null} />
        <Stack direction="row" gap="2" align="center" wrap="wrap">
          {condition ? (
            <Badge colorPalette={condition === 'new' ? 'green' : 'gray'} variant="outline" data-testid="product-condition">
              {conditionLabel(condition)}
            </Badge>
          ) : null}
          {rating && rating.count > 0 ? <StarRating value={rating.value} count={rating.count} size="xs" /> : null}
          {level === 'low' && stockQuantity !== undefined ? (
            <Badge colorPalette="orange" variant="subtle">
              Only {stockQuantity} left
            </Badge>
          ) : null}
        </Stack>
        {sellerName ? (
          <Text fontSize="sm" color="fg.muted">
            by{' '}
            {sellerHref ? (
              <Link asChild color="brand.fg" fontWeight="medium">
                <RouterLink to={sellerHref}>{sellerName}</RouterLink>
              </Link>
            ) : (
              <chakra.span>{sellerName}</chakra.span>
            )}
          </Text>
        ) : null}
      </Card.Body>
      {actions ? (
        <Card.Footer p={{ base: '2', sm: '3' }} pt="0" gap="2" alignItems="stretch" w={isList ? { base: 'full', sm: 'sm' } : undefined}>
          {actions}
        </Card.Footer>
      ) : null}
    </Card.Root>
  );
}
