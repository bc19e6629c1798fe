/** The store's customers (from its real orders): search, and export of what is shown as CSV. */
import { useMemo, useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { Button, EmptyState, Flex, Table, Text } from '@campus/shared/ui';
import { SearchBox } from '../../../components/SearchBox';
import { formatDate, naira } from '../../../lib/format';
import { koboToDecimalString } from '@campus/shared/money';
import { customersCsv, type CustomerRow } from '../lib/insights';

function download(csv: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

export function CustomersTable({ rows }: { rows: readonly CustomerRow[] }) {
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const shown = useMemo(
    () => rows.filter((r) => !q || r.userId.toLowerCase().includes(q) || r.hostel.toLowerCase().includes(q)),
    [rows, q],
  );
  return (
    <>
      <Flex gap="3" wrap="wrap">
        <SearchBox label="Search customers" placeholder="Customer or hostel" value={search} onChange={setSearch} />
        <Button size="sm" variant="outline" disabled={shown.length === 0} onClick={() => download(customersCsv(shown), 'customers.csv')}>
          <LuDownload aria-hidden="true" /> Export CSV
        </Button>
      </Flex>
      {shown.length === 0 ? (
        <EmptyState
          title={q ? `No customers found for "${search.trim()}"` : 'No customers yet'}
          description={q ? undefined : 'Buyers appear here after their first paid order.'}
        />
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label="Customers">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Customer</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Orders</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Total spent</Table.ColumnHeader>
                <Table.ColumnHeader>Last order</Table.ColumnHeader>
                <Table.ColumnHeader>Pickup</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((r) => (
                <Table.Row key={r.userId} data-testid={`customer-${r.userId}`}>
                  <Table.Cell fontFamily="mono" fontSize="xs" title={r.userId}>
                    {r.userId.slice(0, 8)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{r.orders}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {naira(koboToDecimalString(r.spentKobo))}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(r.lastOrderAt)}</Table.Cell>
                  <Table.Cell>
                    <Text fontSize="xs">{r.hostel}</Text>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </>
  );
}
