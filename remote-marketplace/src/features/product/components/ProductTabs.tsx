import { conditionLabel } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { Box, Stack, Table, Tabs, Text } from '@campus/shared/ui';
import { StarRating, stockText } from '@campus/shared/product-ui';
import type { ProductDetail } from '../../product/api/get-product';
import { longDate } from '../lib/long-date';

/** Tabs Additional Info, Questions (placeholder) and Reviews (spec section 2). */
export function ProductTabs({ product }: { product: ProductDetail }) {
  const rows: Array<[string, string]> = [
    ['Category', product.category.name],
    ['Availability', stockText(product.stockQuantity)],
    ...(product.condition ? [['Condition', conditionLabel(product.condition)] as [string, string]] : []),
    ['Sold by', product.seller.catalogueName],
    ['Delivery', 'Campus pickup'],
    ['Listed on', longDate(product.createdAt)],
  ];
  return (
    <Tabs.Root defaultValue="info" variant="line" colorPalette="brand" lazyMount>
      <Tabs.List overflowX="auto">
        <Tabs.Trigger value="info">Additional Info</Tabs.Trigger>
        <Tabs.Trigger value="questions">Questions</Tabs.Trigger>
        <Tabs.Trigger value="reviews">Reviews ({product.ratings.length})</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="info">
        <Table.Root size="sm" variant="outline">
          <Table.Body>
            {rows.map(([label, value]) => (
              <Table.Row key={label}>
                <Table.Cell as="th" scope="row" fontWeight="semibold" w="40%">
                  {label}
                </Table.Cell>
                <Table.Cell>{value}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Tabs.Content>
      <Tabs.Content value="questions">
        <Text color="fg.muted">No questions yet. Asking the seller a question here is coming soon.</Text>
      </Tabs.Content>
      <Tabs.Content value="reviews">
        {product.ratings.length === 0 ? (
          <Text color="fg.muted">{MESSAGES.products.noReviews}</Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="4" data-testid="reviews">
            {product.ratings.map((r, i) => (
              <Box as="li" key={`${r.createdAt}-${i}`} borderBottomWidth="1px" pb="3">
                <Stack direction="row" justify="space-between" align="center" wrap="wrap">
                  <Text fontWeight="semibold">{r.user.firstName}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {longDate(r.createdAt)}
                  </Text>
                </Stack>
                <StarRating value={r.rating} size="xs" />
                {r.review ? <Text mt="1">{r.review}</Text> : null}
              </Box>
            ))}
          </Stack>
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}
