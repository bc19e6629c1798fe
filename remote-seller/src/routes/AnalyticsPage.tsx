/**
 * /seller/analytics (spec section 2): from the store's real orders:
 * Total Revenue, Avg. Order Value, Return Rate (orders cancelled and
 * refunded), revenue over the last 30 days and units sold per product as
 * charts (uPlot, in this page's chunk only), each with its figures as a
 * table for screen readers. Product views are not tracked, so none are shown.
 */
import { useMemo } from 'react';
import type { AlignedData, Options } from 'uplot';
import { koboToDecimalString, toKobo } from '@campus/shared/money';
import type { Order } from '@campus/shared/schemas';
import { ErrorPanel, Heading, PageSpinner, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@campus/shared/ui';
import { sellerScreen } from '../components/SellerPage';
import { formatDate, naira } from '../lib/format';
import { useStoreOrders } from '../features/insights/api/use-store-orders';
import { Chart, uPlot } from '../features/insights/components/Chart';
import { cancelRate, customerSummary, revenueByDay, unitsByProduct } from '../features/insights/lib/insights';
import { StatCard } from '../features/payouts/components/Balances';

export const ANALYTICS_FAILED = 'Error loading analytics';
const BRAND = '#2563eb';
const TOP_PRODUCTS = 8;

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
  const revenue = useMemo(() => revenueByDay(orders, now, 30), [orders, now]);
  const units = useMemo(() => unitsByProduct(orders).slice(0, TOP_PRODUCTS), [orders]);

  const revenueChart = useMemo(
    (): { options: Omit<Options, 'width' | 'height'>; data: AlignedData } => ({
      options: {
        legend: { show: false },
        scales: { x: { time: true } },
        axes: [{}, { values: (_u, ticks) => ticks.map((t) => `₦${Math.round(t).toLocaleString('en-NG')}`), size: 70 }],
        series: [{}, { label: 'Revenue', stroke: BRAND, fill: 'rgba(37, 99, 235, 0.12)', width: 2 }],
      },
      data: [revenue.map((d) => d.day.getTime() / 1000), revenue.map((d) => d.kobo / 100)],
    }),
    [revenue],
  );

  const unitsChart = useMemo(
    (): { options: Omit<Options, 'width' | 'height'>; data: AlignedData } => ({
      options: {
        legend: { show: false },
        scales: {
          x: { time: false, range: [-0.5, Math.max(units.length, 1) - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [{ values: (_u, ticks) => ticks.map((t) => units[t]?.name.slice(0, 12) ?? ''), splits: () => units.map((_, i) => i) }, {}],
        series: [
          {},
          {
            label: 'Units sold',
            stroke: BRAND,
            fill: 'rgba(37, 99, 235, 0.6)',
            paths: uPlot.paths.bars?.({ size: [0.6, 60] }),
            points: { show: false },
          },
        ],
      },
      data: [units.map((_, i) => i), units.map((u) => u.units)],
    }),
    [units],
  );

  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
      <Stack gap="2" minW="0">
        <Heading as="h2" size="md">
          Revenue, last 30 days
        </Heading>
        <Chart label="Revenue per day over the last 30 days" options={revenueChart.options} data={revenueChart.data} />
        <DataTable
          caption="Revenue per day"
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
            <Chart label="Units sold per product" options={unitsChart.options} data={unitsChart.data} />
            <DataTable caption="Units sold per product" rows={units.map((u) => [u.name, String(u.units)])} />
          </>
        )}
      </Stack>
    </SimpleGrid>
  );
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
        <StatCard testId="product-impressions" label="Product Impressions" value="–" hint="Product views are not tracked yet" />
      </SimpleGrid>
      <Charts orders={orders} />
    </>
  );
}

export default sellerScreen('analytics', Analytics, { crumbs: true });
