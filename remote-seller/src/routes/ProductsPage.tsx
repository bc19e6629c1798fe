/**
 * /seller/products (spec sections 2, 4, 9): search over name and description,
 * list/grid, the table Product, Price, Stock, Status (from stock), Sales (the
 * real units sold, from GET /sellers/{id}/sales), Actions (view, edit, delete
 * after 'Are you sure you want to delete this product?'); both empty states
 * with Add Your First Product; paging (10 a page) and search done by the API.
 */
import { messageOr } from '@campus/shared/api-client';
import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@campus/shared/use-debounced-value';
import { Link as RouterLink } from 'react-router-dom';
import { LuEye, LuLayoutGrid, LuList, LuPackageOpen, LuPencil, LuPlus, LuSearch, LuTrash2 } from 'react-icons/lu';
import { MESSAGES } from '@campus/shared/messages';
import { ConfirmDialog, mediaUrl } from '@campus/shared/product-ui';
import type { ProductSummary } from '@campus/shared/schemas';
import {
  Box,
  Button,
  EmptyState,
  ErrorPanel,
  Flex,
  HStack,
  IconButton,
  Image,
  PageSpinner,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@campus/shared/ui';
import { Pager } from '../components/Pager';
import { SEARCH_PAUSE_MS, SearchBox } from '../components/SearchBox';
import { sellerScreen } from '../components/SellerPage';
import { naira } from '../lib/format';
import { useDeleteProduct, useMyProducts, useSales } from '../features/products/api/use-seller-products';
import { ProductStatusBadge } from '../features/products/components/ProductStatus';
import { href } from '@campus/shared/federation';

export const PRODUCTS_PAGE_SIZE = 10;

/** A product as a card: the grid view's, and the list's on a phone (`compact`: a small photo beside the text). */
function ProductCard({
  product: p,
  sales,
  testId,
  onDelete,
  compact = false,
}: {
  product: ProductSummary;
  sales: string;
  testId: string;
  onDelete: () => void;
  compact?: boolean;
}) {
  const photo = p.imageUrls[0] ? mediaUrl(p.imageUrls[0]) : null;
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" overflow="hidden" data-testid={testId}>
      <Flex direction={compact ? 'row' : 'column'} gap={compact ? '3' : '0'} p={compact ? '3' : '0'}>
        {photo ? (
          compact ? (
            <Image src={photo} alt="" boxSize="16" objectFit="cover" borderRadius="sm" flexShrink={0} />
          ) : (
            <Image src={photo} alt="" aspectRatio="4/3" objectFit="cover" w="full" />
          )
        ) : null}
        <Stack p={compact ? '0' : '3'} gap="1" flex="1" minW="0">
          <Text fontWeight="semibold">{p.name}</Text>
          <Text>{naira(p.price)}</Text>
          <HStack justify="space-between" wrap="wrap">
            <ProductStatusBadge stock={p.stockQuantity} />
            <Text fontSize="sm" color="fg.muted">
              {p.stockQuantity} in stock · <span data-testid="sales">{sales}</span> sold
            </Text>
          </HStack>
          <Actions product={p} onDelete={onDelete} touch />
        </Stack>
      </Flex>
    </Box>
  );
}

function AddFirstProduct() {
  return (
    <Button asChild colorPalette="brand">
      <RouterLink to={href('addProduct')}>
        <LuPlus aria-hidden="true" /> Add Your First Product
      </RouterLink>
    </Button>
  );
}

/** View, edit, delete; `touch`: at least 44 × 44 px each, for a phone's thumb (the cards). */
function Actions({ product, onDelete, touch = false }: { product: ProductSummary; onDelete: () => void; touch?: boolean }) {
  const size = touch ? ({ size: 'md', minW: '11', minH: '11' } as const) : ({ size: 'xs' } as const);
  return (
    <HStack gap={touch ? '2' : '1'}>
      <IconButton asChild {...size} variant="ghost" aria-label={`View ${product.name}`}>
        <RouterLink to={href('productDetails', { id: product.id })}>
          <LuEye />
        </RouterLink>
      </IconButton>
      <IconButton asChild {...size} variant="ghost" aria-label={`Edit ${product.name}`}>
        <RouterLink to={href('editProduct', { productId: product.id })}>
          <LuPencil />
        </RouterLink>
      </IconButton>
      <IconButton {...size} variant="ghost" colorPalette="red" aria-label={`Delete ${product.name}`} onClick={onDelete}>
        <LuTrash2 />
      </IconButton>
    </HStack>
  );
}

function ProductsList({ sellerId }: { sellerId: string }) {
  const [search, setSearch] = useState('');
  const [view, setView] = useState<'list' | 'grid'>('list');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<ProductSummary | null>(null);
  // The request waits for a pause in typing; the page on screen stays while the next one loads.
  const q = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const products = useMyProducts(sellerId, { q, page, limit: PRODUCTS_PAGE_SIZE });
  const sales = useSales(sellerId);
  const remove = useDeleteProduct(sellerId, () => setDeleting(null));

  const unitsSold = useMemo(() => new Map((sales.data?.products ?? []).map((p) => [p.productId, p.unitsSold])), [sales.data]);
  const shown = products.data?.products ?? [];
  const totalPages = Math.max(1, products.data?.pagination.totalPages ?? 1);
  // Sales are a figure beside the list: while they load (or if they fail) the column says so, the list still shows.
  const salesOf = (p: ProductSummary) => (sales.data ? String(unitsSold.get(p.id) ?? 0) : sales.isError ? '–' : '…');

  const body = () => {
    if (products.isError) return <ErrorPanel message={MESSAGES.products.sellerListFailed} />;
    if (!products.data) return <PageSpinner label="Loading products" />;
    if (products.data.storeTotal === 0)
      return (
        <EmptyState
          title="No products yet"
          description="Add your first product and it appears in the marketplace."
          icon={<LuPackageOpen />}
          action={<AddFirstProduct />}
        />
      );
    if (shown.length === 0 && !products.isPlaceholderData)
      return <EmptyState title={MESSAGES.products.noneForQuery(q)} icon={<LuSearch />} action={<AddFirstProduct />} />;
    return (
      <>
        {view === 'list' ? (
          <>
            {/* A phone: the list as cards (CSS switches at md; the one not shown is display:none). */}
            <Stack as="ul" gap="3" listStyleType="none" aria-label="Products" hideFrom="md" data-layout="cards">
              {shown.map((p) => (
                <ProductCard
                  key={p.id}
                  product={p}
                  sales={salesOf(p)}
                  testId={`product-card-${p.id}`}
                  onDelete={() => setDeleting(p)}
                  compact
                />
              ))}
            </Stack>
            <Table.ScrollArea borderWidth="1px" borderRadius="md" hideBelow="md" data-layout="table">
              <Table.Root size="sm" aria-label="Products">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Product</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Stock</Table.ColumnHeader>
                    <Table.ColumnHeader>Status</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Sales</Table.ColumnHeader>
                    <Table.ColumnHeader>Actions</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {shown.map((p) => (
                    <Table.Row key={p.id} data-testid={`product-${p.id}`}>
                      <Table.Cell>
                        <HStack gap="2" minW="40">
                          {p.imageUrls[0] ? (
                            <Image src={mediaUrl(p.imageUrls[0])} alt="" boxSize="10" objectFit="cover" borderRadius="sm" />
                          ) : null}
                          <Text lineClamp={2}>{p.name}</Text>
                        </HStack>
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        {naira(p.price)}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{p.stockQuantity}</Table.Cell>
                      <Table.Cell>
                        <ProductStatusBadge stock={p.stockQuantity} />
                      </Table.Cell>
                      <Table.Cell textAlign="end" data-testid="sales">
                        {salesOf(p)}
                      </Table.Cell>
                      <Table.Cell>
                        <Actions product={p} onDelete={() => setDeleting(p)} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </>
        ) : (
          <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3 }} gap="4" listStyleType="none" aria-label="Products">
            {shown.map((p) => (
              <ProductCard key={p.id} product={p} sales={salesOf(p)} testId={`product-${p.id}`} onDelete={() => setDeleting(p)} />
            ))}
          </SimpleGrid>
        )}
        <Pager label="Products pages" page={Math.min(page, totalPages)} totalPages={totalPages} onChange={setPage} />
      </>
    );
  };

  return (
    <>
      <Flex gap="3" wrap="wrap" align="center">
        <SearchBox
          label="Search products"
          placeholder="Search by name or description"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <HStack gap="1" role="group" aria-label="View">
          <IconButton
            size="sm"
            variant={view === 'list' ? 'solid' : 'outline'}
            aria-label="List view"
            aria-pressed={view === 'list'}
            onClick={() => setView('list')}
          >
            <LuList />
          </IconButton>
          <IconButton
            size="sm"
            variant={view === 'grid' ? 'solid' : 'outline'}
            aria-label="Grid view"
            aria-pressed={view === 'grid'}
            onClick={() => setView('grid')}
          >
            <LuLayoutGrid />
          </IconButton>
        </HStack>
        <Button asChild colorPalette="brand" size="sm">
          <RouterLink to={href('addProduct')}>
            <LuPlus aria-hidden="true" /> Add product
          </RouterLink>
        </Button>
      </Flex>
      {remove.isError ? <ErrorPanel message={messageOr(remove.error, 'The product could not be deleted. Please try again.')} /> : null}
      {body()}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete product"
        message={MESSAGES.products.deleteConfirm}
        confirmLabel="Delete"
        cancelLabel="Keep it"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

export default sellerScreen('products', ProductsList);
