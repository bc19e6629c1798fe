/**
 * /seller/dashboard (spec sections 2, 9): revenue (sum of order
 * totals, over every order), the money held, available and paid out, the 5
 * most recent orders, 4 products, the public catalogue link with Copy
 * (confirmation 2 s), links to the orders and to Add Product, and the
 * payouts with their status and reference. 'Error loading dashboard' when
 * any of its reads fails.
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LuCheck, LuCopy, LuPlus } from 'react-icons/lu';
import { COPY_LINK_CONFIRM_MS, DASHBOARD_PRODUCTS, DASHBOARD_RECENT_ORDERS } from '@campus/shared/constants';
import { MESSAGES } from '@campus/shared/messages';
import { mediaUrl } from '@campus/shared/product-ui';
import { useSession } from '@campus/shared/session';
import {
  Box,
  Button,
  ErrorPanel,
  Flex,
  Heading,
  HStack,
  Image,
  Input,
  Link,
  PageSpinner,
  SimpleGrid,
  Stack,
  Text,
  chakra,
} from '@campus/shared/ui';
import { sellerScreen } from '../components/SellerPage';
import { naira } from '../lib/format';
import { useRecentOrders } from '../features/orders/api/use-seller-orders';
import { OrdersTable } from '../features/orders/components/OrdersTable';
import { usePayouts } from '../features/payouts/api/get-payouts';
import { BalanceCards, PayoutList, StatCard } from '../features/payouts/components/Balances';
import { OnboardingWelcome } from '../features/onboarding/components/OnboardingWelcome';
import { useMyProducts, useSales } from '../features/products/api/use-seller-products';
import { ProductStatusBadge } from '../features/products/components/ProductStatus';
import { href } from '@campus/shared/federation';

export function catalogueLink(sellerId: string, origin = window.location.origin): string {
  return `${origin}/seller/${sellerId}/catalogue`;
}

function CopyLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_LINK_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): the link stays selectable in the box.
    }
  };
  return (
    <Stack gap="2">
      <chakra.label htmlFor="catalogue-link" fontWeight="semibold" fontSize="sm">
        Your public catalogue
      </chakra.label>
      <HStack>
        <Input id="catalogue-link" value={link} readOnly onFocus={(e) => e.currentTarget.select()} size="sm" />
        <Button size="sm" onClick={() => void copy()} variant="outline" minW="24">
          {copied ? <LuCheck aria-hidden="true" /> : <LuCopy aria-hidden="true" />}
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </HStack>
    </Stack>
  );
}

/** Where payouts go: the bank and the account holder's name as the bank gave it when the account was checked. */
function PayoutAccount() {
  const seller = useSession((s) => s.seller);
  if (!seller) return null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="payout-account">
      Payouts go to {seller.accountName}, {seller.bankName} ••••{seller.accountNumber.slice(-4)}.{' '}
      <Link asChild color="brand.fg">
        <RouterLink to={href('settings')}>Change</RouterLink>
      </Link>
    </Text>
  );
}

function DashboardBody({ sellerId }: { sellerId: string }) {
  const sales = useSales(sellerId);
  const payouts = usePayouts(sellerId);
  const recent = useRecentOrders(sellerId, DASHBOARD_RECENT_ORDERS);
  const products = useMyProducts(sellerId, { q: '', page: 1, limit: DASHBOARD_PRODUCTS });

  if (sales.isError || payouts.isError || recent.isError || products.isError)
    return <ErrorPanel message={MESSAGES.seller.dashboardFailed} />;
  if (!sales.data || !payouts.data || !recent.data || !products.data) return <PageSpinner label="Loading dashboard" />;

  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <StatCard testId="revenue" label="Revenue" value={naira(sales.data.revenue)} hint={`${sales.data.orderCount} orders`} />
        <BalanceCards payouts={payouts.data} />
      </SimpleGrid>

      <PayoutAccount />

      <CopyLink link={catalogueLink(sellerId)} />

      <Stack gap="3">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="md">
            Recent orders
          </Heading>
          <Link asChild fontSize="sm" color="brand.fg">
            <RouterLink to={href('orders')}>View all orders</RouterLink>
          </Link>
        </Flex>
        {recent.data.data.length === 0 ? (
          <Text color="fg.muted">{MESSAGES.orders.empty}</Text>
        ) : (
          <OrdersTable sellerId={sellerId} orders={recent.data.data.slice(0, DASHBOARD_RECENT_ORDERS)} actions={false} />
        )}
      </Stack>

      <Stack gap="3">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="md">
            Products
          </Heading>
          <Button asChild size="sm" colorPalette="brand">
            <RouterLink to={href('addProduct')}>
              <LuPlus aria-hidden="true" /> Add product
            </RouterLink>
          </Button>
        </Flex>
        {products.data.products.length === 0 ? (
          <Text color="fg.muted">No products yet.</Text>
        ) : (
          <SimpleGrid as="ul" columns={{ base: 2, md: 4 }} gap="3" listStyleType="none" aria-label="Your products">
            {products.data.products.map((p) => (
              <Box as="li" key={p.id} borderWidth="1px" borderRadius="md" overflow="hidden">
                {p.imageUrls[0] ? <Image src={mediaUrl(p.imageUrls[0])} alt="" aspectRatio="1" objectFit="cover" w="full" /> : null}
                <Stack p="2" gap="1">
                  <Link asChild fontWeight="semibold" fontSize="sm" lineClamp={1}>
                    <RouterLink to={href('productDetails', { id: p.id })}>{p.name}</RouterLink>
                  </Link>
                  <Text fontSize="sm">{naira(p.price)}</Text>
                  <ProductStatusBadge stock={p.stockQuantity} />
                </Stack>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <PayoutList payouts={payouts.data.payouts} />
    </>
  );
}

/** The welcome after onboarding comes first, whatever the dashboard's reads are doing. */
function Dashboard({ sellerId }: { sellerId: string }) {
  return (
    <>
      <OnboardingWelcome />
      <DashboardBody sellerId={sellerId} />
    </>
  );
}

export default sellerScreen('dashboard', Dashboard);
