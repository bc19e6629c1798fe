/**
 * The store's money, from the ledger: held (paid, waiting for the buyer's
 * completion code), available (released, waiting for the store's next batched
 * payout or on its way to the bank) and paid out; then each payout with its
 * amount, Paystack's transfer fee, its status and transfer reference: a card
 * each below Chakra's `md`, a table from `md` up (CSS switches them).
 */
import type { PayoutStatus, SellerPayouts } from '@campus/shared/schemas';
import { Badge, Box, Flex, Heading, Stack, Table, Text } from '@campus/shared/ui';
import { formatDate, naira } from '../../../lib/format';

const PAYOUT_LABEL: Record<PayoutStatus, { text: string; palette: string }> = {
  pending: { text: 'On its way', palette: 'yellow' },
  success: { text: 'Paid', palette: 'green' },
  failed: { text: 'Failed', palette: 'red' },
  reversed: { text: 'Reversed', palette: 'red' },
};

export function StatCard({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <Box borderWidth="1px" borderRadius="lg" p="4" data-testid={testId}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold">
        {value}
      </Text>
      {hint ? (
        <Text fontSize="xs" color="fg.muted">
          {hint}
        </Text>
      ) : null}
    </Box>
  );
}

/** "once a day from ₦1,000": when a store's released money leaves for its bank. */
export function payoutSchedule({ everyHours, minimum }: SellerPayouts['schedule']): string {
  const when = everyHours === 0 ? 'as soon as possible' : everyHours === 24 ? 'once a day' : `every ${everyHours} hours`;
  return `${when} from ${naira(minimum)}`;
}

export function BalanceCards({ payouts }: { payouts: SellerPayouts }) {
  return (
    <>
      <StatCard testId="balance-held" label="Held" value={naira(payouts.held)} hint="Paid by buyers, released by their completion code" />
      <StatCard
        testId="balance-available"
        label="Available"
        value={naira(payouts.available)}
        hint={`Released; paid to your bank ${payoutSchedule(payouts.schedule)}, in one transfer`}
      />
      <StatCard testId="balance-paid-out" label="Paid out" value={naira(payouts.paidOut)} hint="In your bank account" />
    </>
  );
}

export function PayoutList({ payouts }: { payouts: SellerPayouts['payouts'] }) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        Payouts
      </Heading>
      {payouts.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No payouts yet. When you complete an order with the buyer&apos;s code, its money joins your store&apos;s next payout.
        </Text>
      ) : (
        <>
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Payouts" hideFrom="md" data-layout="cards">
            {payouts.map((p) => (
              <Box as="li" key={p.id} borderWidth="1px" borderRadius="md" p="3" data-testid={`payout-card-${p.reference}`}>
                <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
                  <Text fontWeight="semibold">{naira(p.amount)}</Text>
                  <Badge colorPalette={PAYOUT_LABEL[p.status].palette}>{PAYOUT_LABEL[p.status].text}</Badge>
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  Transfer fee {naira(p.fee)} · {formatDate(p.settledAt ?? p.createdAt)}
                </Text>
                {p.failureReason ? (
                  <Text fontSize="xs" color="fg.muted">
                    {p.failureReason}
                  </Text>
                ) : null}
                <Text fontSize="xs" fontFamily="mono" color="fg.muted" wordBreak="break-all">
                  {p.reference}
                </Text>
              </Box>
            ))}
          </Stack>
          <Table.ScrollArea borderWidth="1px" borderRadius="md" hideBelow="md" data-layout="table">
            <Table.Root size="sm" aria-label="Payouts">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Reference</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Transfer fee</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Date</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {payouts.map((p) => (
                  <Table.Row key={p.id} data-testid={`payout-${p.reference}`}>
                    <Table.Cell fontFamily="mono" fontSize="xs">
                      {p.reference}
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {naira(p.amount)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {naira(p.fee)}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={PAYOUT_LABEL[p.status].palette}>{PAYOUT_LABEL[p.status].text}</Badge>
                      {p.failureReason ? (
                        <Text fontSize="xs" color="fg.muted">
                          {p.failureReason}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatDate(p.settledAt ?? p.createdAt)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </>
      )}
    </Stack>
  );
}
