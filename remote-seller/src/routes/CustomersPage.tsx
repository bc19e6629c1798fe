/**
 * /seller/customers (spec section 2): from the store's real orders,
 * not the spec's samples: Total Customers (unique buyers), New This Month,
 * Avg. Order Value, Repeat Buyers, and the customers with search and CSV export.
 */
import { ErrorPanel, PageSpinner, SimpleGrid, Text } from '@campus/shared/ui';
import { koboToDecimalString } from '@campus/shared/money';
import { sellerScreen } from '../components/SellerPage';
import { naira } from '../lib/format';
import { useStoreOrders } from '../features/insights/api/use-store-orders';
import { CustomersTable } from '../features/insights/components/CustomersTable';
import { customerSummary, customersOf } from '../features/insights/lib/insights';
import { StatCard } from '../features/payouts/components/Balances';

export const CUSTOMERS_FAILED = 'Error loading customers';

function Customers({ sellerId }: { sellerId: string }) {
  const result = useStoreOrders(sellerId);
  if (result.isError) return <ErrorPanel message={CUSTOMERS_FAILED} />;
  if (!result.data) return <PageSpinner label="Loading customers" />;
  const summary = customerSummary(result.data.orders, new Date());
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <StatCard testId="total-customers" label="Total Customers" value={String(summary.total)} />
        <StatCard testId="new-this-month" label="New This Month" value={String(summary.newThisMonth)} />
        <StatCard testId="avg-order-value" label="Avg. Order Value" value={naira(koboToDecimalString(summary.averageOrderKobo))} />
        <StatCard testId="repeat-buyers" label="Repeat Buyers" value={String(summary.repeat)} />
      </SimpleGrid>
      {!result.data.complete ? (
        <Text fontSize="sm" color="fg.muted">
          These figures cover your newest 2,000 orders.
        </Text>
      ) : null}
      <CustomersTable rows={customersOf(result.data.orders)} />
    </>
  );
}

export default sellerScreen('customers', Customers, { crumbs: true });
