/**
 * The store's customers (from its real orders), by first name: search, and
 * export of what is shown as CSV. Below Chakra's `md` a card per customer,
 * from `md` up a table; CSS switches them (the one not shown is display:none).
 * The buyer's id stays only as a small reference (two buyers may share a name).
 */
import { useMemo, useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { Box, Button, EmptyState, Flex, Stack, Table, Text } from '@campus/shared/ui';
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

const nameOf = (row: CustomerRow) => row.firstName ?? 'Buyer';

/** The buyer's id, short and quiet: a reference, not a name. */
function Reference({ row }: { row: CustomerRow }) {
  return (
    <Text fontSize="xs" color="fg.muted" fontFamily="mono" title={row.userId}>
      ID {row.userId.slice(0, 8)}
    </Text>
  );
}

export function CustomersTable({ rows }: { rows: readonly CustomerRow[] }) {
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const shown = useMemo(
    () =>
      rows.filter(
        (r) =>
          !q || (r.firstName ?? '').toLowerCase().includes(q) || r.userId.toLowerCase().includes(q) || r.hostel.toLowerCase().includes(q),
      ),
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
        <>
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Customers" hideFrom="md" data-layout="cards">
            {shown.map((r) => (
              <Box as="li" key={r.userId} borderWidth="1px" borderRadius="md" p="3" data-testid={`customer-card-${r.userId}`}>
                <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
                  <Text fontWeight="semibold">{nameOf(r)}</Text>
                  <Text fontWeight="semibold">{naira(koboToDecimalString(r.spentKobo))}</Text>
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  {r.orders} order{r.orders === 1 ? '' : 's'} · last {formatDate(r.lastOrderAt)}
                </Text>
                {r.hostel ? <Text fontSize="sm">{r.hostel}</Text> : null}
                <Reference row={r} />
              </Box>
            ))}
          </Stack>
          <Table.ScrollArea borderWidth="1px" borderRadius="md" hideBelow="md" data-layout="table">
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
                    <Table.Cell>
                      <Text fontSize="sm">{nameOf(r)}</Text>
                      <Reference row={r} />
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
        </>
      )}
    </>
  );
}
