/** /seller/products/{id} (the list's view action): one of my products as I manage it, with its real sales. */
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LuPencil } from 'react-icons/lu';
import { MESSAGES } from '@campus/shared/messages';
import { mediaUrl } from '@campus/shared/product-ui';
import { Button, ErrorPanel, Heading, HStack, Image, Link, PageSpinner, SimpleGrid, Stack, Text } from '@campus/shared/ui';
import { sellerScreen } from '../components/SellerPage';
import { naira } from '../lib/format';
import { useSales, useSellerProduct } from '../features/products/api/use-seller-products';
import { ProductStatusBadge } from '../features/products/components/ProductStatus';
import { href } from '@campus/shared/federation';

function Details({ sellerId }: { sellerId: string }) {
  const { id = '' } = useParams();
  const product = useSellerProduct(id);
  const sales = useSales(sellerId);
  if (product.isError || (product.data && product.data.seller.id !== sellerId))
    return <ErrorPanel message={MESSAGES.products.detailFailed} />;
  if (!product.data) return <PageSpinner label="Loading product" />;
  const p = product.data;
  const sold = sales.data?.products.find((s) => s.productId === p.id)?.unitsSold ?? 0;
  return (
    <Stack gap="4" maxW="3xl">
      <SimpleGrid columns={{ base: 2, sm: 4 }} gap="2">
        {p.imageUrls.map((url, i) => (
          <Image key={url} src={mediaUrl(url)} alt={`${p.name}, photo ${i + 1}`} aspectRatio="1" objectFit="cover" borderRadius="md" />
        ))}
      </SimpleGrid>
      <Heading as="h2" size="lg">
        {p.name}
      </Heading>
      <HStack gap="3" wrap="wrap">
        <Text fontSize="xl" fontWeight="bold">
          {naira(p.price)}
        </Text>
        <ProductStatusBadge stock={p.stockQuantity} />
        <Text color="fg.muted">
          {p.stockQuantity} in stock · {sales.data ? sold : '…'} sold · {p.category.name}
        </Text>
      </HStack>
      <Text whiteSpace="pre-line">{p.description}</Text>
      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="brand" size="sm">
          <RouterLink to={href('editProduct', { productId: p.id })}>
            <LuPencil aria-hidden="true" /> Edit
          </RouterLink>
        </Button>
        <Link asChild fontSize="sm">
          <RouterLink to={href('product', { slug: p.slug })}>See it in the marketplace</RouterLink>
        </Link>
      </HStack>
    </Stack>
  );
}

export default sellerScreen('productDetails', Details);
