/**
 * /seller/orders (spec section 2): search over order id, buyer id and hostel
 * (the API searches every page), the orders table with its moves, real paging,
 * and the spec's states: 'Error loading orders', 'No orders yet.', no orders
 * found for a search.
 */
import { useState } from 'react';
import { LuClipboardList, LuSearch } from 'react-icons/lu';
import { MESSAGES } from '@campus/shared/messages';
import { EmptyState, ErrorPanel, PageSpinner } from '@campus/shared/ui';
import { Pager } from '../components/Pager';
import { SEARCH_PAUSE_MS, SearchBox } from '../components/SearchBox';
import { sellerScreen } from '../components/SellerPage';
import { useDebouncedValue } from '@campus/shared/use-debounced-value';
import { useSellerOrders } from '../features/orders/api/use-seller-orders';
import { OrdersTable } from '../features/orders/components/OrdersTable';

export const noOrdersFound = (q: string) => `No orders found for "${q}"`;

function OrdersList({ sellerId }: { sellerId: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const result = useSellerOrders(sellerId, page, q);

  const body = () => {
    if (result.isError) return <ErrorPanel message={MESSAGES.orders.sellerLoadFailed} />;
    if (!result.data) return <PageSpinner label="Loading orders" />;
    if (result.data.data.length === 0) {
      return q ? (
        <EmptyState title={noOrdersFound(q)} icon={<LuSearch />} />
      ) : (
        <EmptyState title={MESSAGES.orders.empty} icon={<LuClipboardList />} />
      );
    }
    return (
      <>
        <OrdersTable sellerId={sellerId} orders={result.data.data} />
        <Pager
          label="Orders pages"
          page={result.data.pagination.currentPage}
          totalPages={result.data.pagination.totalPages}
          onChange={setPage}
        />
      </>
    );
  };

  return (
    <>
      <SearchBox
        label="Search orders"
        placeholder="Order ID, customer or hostel"
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      {body()}
    </>
  );
}

export default sellerScreen('orders', OrdersList);
