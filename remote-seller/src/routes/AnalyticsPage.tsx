/**
 * /seller/analytics (spec section 2): from the store's real orders:
 * Total Revenue, Avg. Order Value, Return Rate (orders cancelled and
 * refunded), Product Impressions (views of the store's product pages over the
 * term, counted by the API once per student per product per day); revenue per
 * day over 30 days or the term (a switch) as a chart (uPlot, in this page's
 * chunk only); units sold per product as bars with the full names; views,
 * orders and conversion per product; and the customer table. Every chart has
 * its figures as a table for screen readers.
 */
import { useMemo, useState } from 'react';
import type { AlignedData, Options } from 'uplot';
import { koboToDecimalString, toKobo } from '@campus/shared/money';
import type { Order } from '@campus/shared/schemas';
import {
  Box,
  Button,
  ErrorPanel,
  Flex,
  Heading,
  HStack,
  PageSpinner,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@campus/shared/ui';
import { sellerScreen } from '../components/SellerPage';
import { formatChartDay, formatDate, naira } from '../lib/format';
import { useStoreOrders } from '../features/insights/api/use-store-orders';
import { Chart } from '../features/insights/components/Chart';
import { useProductViews } from '../features/insights/api/use-product-views';
import { CustomersTable } from '../features/insights/components/CustomersTable';
import { cancelRate, customerSummary, customersOf, revenueByDay, unitsByProduct } from '../features/insights/lib/insights';
import { StatCard } from '../features/payouts/components/Balances';

export const ANALYTICS_FAILED = 'Error loading analytics';
const BRAND = '#2563eb';
const TOP_PRODUCTS = 8;
/** The revenue chart's ranges: the last 30 days, or the term (12 weeks, as the views are counted). */
const RANGES = [
  { days: 30, button: '30 days', heading: 'Revenue, last 30 days', label: 'Revenue per day over the last 30 days' },
  { days: 84, button: 'Term', heading: 'Revenue, this term (12 weeks)', label: 'Revenue per day over the last 12 weeks' },
] as const;

function DataTable({ caption, rows }: { caption: string; rows: Array<[string, string]> }) {
  return (
    <VisuallyHidden>
      <Table.Root>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Body>
          {rows.map(([k, v]) => (
            <Table.Row key={k}>
              <Table.Cell>{k}</Table.Cell>
              <Table.Cell>{v}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </VisuallyHidden>
  );
}

function Charts({ orders }: { orders: Order[] }) {
  const now = useMemo(() => new Date(), []);
  const [rangeIndex, setRangeIndex] = useState(1);
  const range = RANGES[rangeIndex] ?? RANGES[0];
  const revenue = useMemo(() => revenueByDay(orders, now, range.days), [orders, now, range.days]);
  const units = useMemo(() => unitsByProduct(orders).slice(0, TOP_PRODUCTS), [orders]);
  const mostUnits = Math.max(1, ...units.map((u) => u.units));

  const revenueChart = useMemo(
    (): { options: Omit<Options, 'width' | 'height'>; data: AlignedData } => ({
      options: {
        legend: { show: false },
        scales: { x: { time: true } },
        // uPlot's own time ticks are US-style ("11/8"); the days as Nigeria writes them.
        axes: [
          { values: (_u, ticks) => ticks.map(formatChartDay) },
          { values: (_u, ticks) => ticks.map((t) => `₦${Math.round(t).toLocaleString('en-NG')}`), size: 70 },
        ],
        series: [{}, { label: 'Revenue', stroke: BRAND, fill: 'rgba(37, 99, 235, 0.12)', width: 2 }],
      },
      data: [revenue.map((d) => d.day.getTime() / 1000), revenue.map((d) => d.kobo / 100)],
    }),
    [revenue],
  );

  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
      <Stack gap="2" minW="0">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="md">
            {range.heading}
          </Heading>
          <HStack gap="1" role="group" aria-label="Revenue range">
            {RANGES.map((r, i) => (
              <Button
                key={r.days}
                size="xs"
                variant={i === rangeIndex ? 'solid' : 'outline'}
                aria-pressed={i === rangeIndex}
                onClick={() => setRangeIndex(i)}
              >
                {r.button}
              </Button>
            ))}
          </HStack>
        </Flex>
        <Chart label={range.label} options={revenueChart.options} data={revenueChart.data} />
        <DataTable
          caption={range.label}
          rows={revenue.filter((d) => d.kobo > 0).map((d) => [formatDate(d.day.toISOString()), naira(koboToDecimalString(d.kobo))])}
        />
      </Stack>
      <Stack gap="2" minW="0">
        <Heading as="h2" size="md">
          Units sold per product
        </Heading>
        {units.length === 0 ? (
          <Text color="fg.muted">No sales yet.</Text>
        ) : (
          <>
            {/* Bars drawn with boxes, so every product's whole name is shown (and wraps) beside its bar. */}
            <Stack gap="2" aria-hidden="true" data-testid="units-chart">
              {units.map((u) => (
                <Box key={u.name}>
                  <Text fontSize="sm">{u.name}</Text>
                  <HStack gap="2">
                    <Box h="3" borderRadius="sm" bg={BRAND} w={`${Math.max(2, (u.units / mostUnits) * 100)}%`} />
                    <Text fontSize="sm" color="fg.muted" flexShrink={0}>
                      {u.units}
                    </Text>
                  </HStack>
                </Box>
              ))}
            </Stack>
            <DataTable caption="Units sold per product" rows={units.map((u) => [u.name, String(u.units)])} />
          </>
        )}
      </Stack>
    </SimpleGrid>
  );
}

const percent = (share: number | null) => (share === null ? '–' : `${(share * 100).toFixed(1)}%`);

/** Views, orders and conversion per product (the most viewed first): a table, readable as it is. */
function ProductViewsTable({ sellerId }: { sellerId: string }) {
  const views = useProductViews(sellerId);
  if (views.isError) return <Text color="fg.muted">Product views could not be loaded.</Text>;
  if (!views.data) return null;
  const shown = views.data.products.filter((p) => p.views > 0 || p.orders > 0).slice(0, 20);
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        Views and orders per product
      </Heading>
      {shown.length === 0 ? (
        <Text color="fg.muted">No product page has been viewed yet.</Text>
      ) : (
        // In its own scroll box: a long product name never widens the page on a phone. A box that
        // scrolls is a tab stop with a name, so a keyboard can scroll it too (WCAG 2.1.1).
        <Table.ScrollArea tabIndex={0} role="region" aria-label="Views and orders per product, scrolls sideways">
          <Table.Root size="sm" aria-label={`Views and orders per product, last ${views.data.days / 7} weeks`}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Product</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Views</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Orders</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Conversion</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((p) => (
                <Table.Row key={p.productId} data-testid="product-views-row">
                  <Table.Cell>{p.name}</Table.Cell>
                  <Table.Cell textAlign="end">{p.views.toLocaleString('en-NG')}</Table.Cell>
                  <Table.Cell textAlign="end">{p.orders}</Table.Cell>
                  <Table.Cell textAlign="end">{percent(p.conversion)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

function Impressions({ sellerId }: { sellerId: string }) {
  const views = useProductViews(sellerId);
  const value = views.data ? views.data.totalViews.toLocaleString('en-NG') : '–';
  const hint = views.isError
    ? 'Product views could not be loaded'
    : views.data
      ? `Product page views, last ${views.data.days / 7} weeks`
      : 'Loading product views';
  return <StatCard testId="product-impressions" label="Product Impressions" value={value} hint={hint} />;
}

function Analytics({ sellerId }: { sellerId: string }) {
  const result = useStoreOrders(sellerId);
  if (result.isError) return <ErrorPanel message={ANALYTICS_FAILED} />;
  if (!result.data) return <PageSpinner label="Loading analytics" />;
  const { orders } = result.data;
  const kept = orders.filter((o) => o.orderStatus !== 'CANCELLED');
  const totalKobo = kept.reduce((sum, o) => sum + toKobo(o.totalPrice), 0);
  const summary = customerSummary(orders, new Date());
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <StatCard
          testId="total-revenue"
          label="Total Revenue"
          value={naira(koboToDecimalString(totalKobo))}
          hint={`${kept.length} orders`}
        />
        <StatCard testId="avg-order-value" label="Avg. Order Value" value={naira(koboToDecimalString(summary.averageOrderKobo))} />
        <StatCard
          testId="return-rate"
          label="Return Rate"
          value={`${(cancelRate(orders) * 100).toFixed(1)}%`}
          hint="Orders cancelled and refunded"
        />
        <Impressions sellerId={sellerId} />
      </SimpleGrid>
      <Charts orders={orders} />
      <ProductViewsTable sellerId={sellerId} />
      <Stack gap="2">
        <Heading as="h2" size="md">
          Customers
        </Heading>
        <CustomersTable rows={customersOf(orders)} />
      </Stack>
    </>
  );
}

export default sellerScreen('analytics', Analytics, { crumbs: true });
