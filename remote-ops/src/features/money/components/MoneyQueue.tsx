/**
 * Money that needs a person: payments held for review (accept or refund), payouts and refunds the machinery
 * gave up on or that wait for an account (retry, or resolve a payout), and the ledger beside Paystack's balance.
 */
import type { ReactNode } from 'react';
import { messageOr } from '@campus/shared/api-client';
import { MESSAGES } from '@campus/shared/messages';
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import type { MoneyQueue as Queue } from '@campus/shared/schemas';
import { Badge, Card, ErrorPanel, Heading, HStack, PageSpinner, Stack, Text } from '@campus/shared/ui';
import { ReasonAction } from '../../../components/ReasonAction';
import { useMoneyAction, useMoneyQueue, type MoneyAction } from '../api/use-money';

const T = MESSAGES.opsConsole;

const naira = (kobo: number) => `${kobo < 0 ? '−' : ''}${formatNaira(koboToDecimalString(Math.abs(kobo)))}`;

function Item({ title, lines, actions }: { title: string; lines: ReactNode[]; actions: Array<{ label: string; action: MoneyAction }> }) {
  const act = useMoneyAction();
  return (
    <Card.Root as="article" aria-label={title}>
      <Card.Body>
        <Stack gap="1">
          <Heading as="h3" size="sm">
            {title}
          </Heading>
          {lines.map((line, i) => (
            <Text key={i} fontSize="sm" color="fg.muted">
              {line}
            </Text>
          ))}
          {act.isError ? (
            <Text color="fg.error" role="alert">
              {messageOr(act.error, T.loadFailed)}
            </Text>
          ) : null}
          <HStack wrap="wrap" align="start">
            {actions.map(({ label, action }) => (
              <ReasonAction key={label} label={label} busy={act.isPending} onReason={(reason) => act.mutate({ action, reason })} />
            ))}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode[] }) {
  return (
    <Stack as="section" aria-label={title} gap="2">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children.length === 0 ? <Text color="fg.muted">{T.moneyEmpty}</Text> : children}
    </Stack>
  );
}

function Reconciliation({ state }: { state: Queue['reconciliation'] }) {
  const rows: Array<[string, string]> = [
    [T.ledgerPaystack, naira(state.ledgerKobo)],
    [T.inFlight, naira(state.inFlightKobo)],
    [T.paystackBalance, state.paystackKobo === null ? T.paystackUnreachable : naira(state.paystackKobo)],
    [T.difference, state.differenceKobo === null ? '—' : naira(state.differenceKobo)],
    [T.platformFees, naira(state.platformFeesKobo)],
  ];
  return (
    <Stack as="section" aria-label={T.moneyReconciliation} gap="1">
      <Heading as="h2" size="md">
        {T.moneyReconciliation}
      </Heading>
      <Stack as="dl" gap="1" fontSize="sm">
        {rows.map(([label, value]) => (
          <HStack key={label} justify="space-between" maxW="lg">
            <dt>{label}</dt>
            <dd data-testid={label}>{value}</dd>
          </HStack>
        ))}
      </Stack>
      <HStack>
        {state.differenceKobo !== null && state.differenceKobo !== 0 ? <Badge colorPalette="orange">{T.difference}</Badge> : null}
        {state.alerts.map((a) => (
          <Badge key={a} colorPalette="red">
            {a}
          </Badge>
        ))}
      </HStack>
    </Stack>
  );
}

export function MoneyQueue() {
  const queue = useMoneyQueue();
  if (queue.isPending) return <PageSpinner label={T.navMoney} />;
  if (queue.isError) return <ErrorPanel message={messageOr(queue.error, T.loadFailed)} />;
  const { payments, payouts, refunds, reconciliation } = queue.data;
  return (
    <Stack gap="6">
      <Reconciliation state={reconciliation} />
      <Section title={T.moneyReview}>
        {payments.map((p) => (
          <Item
            key={p.id}
            title={`${p.reference} · ${naira(p.amountKobo)}`}
            lines={[p.email, p.reviewReason ?? '']}
            actions={[
              { label: T.accept, action: { kind: 'accept', paymentId: p.id } },
              { label: T.refund, action: { kind: 'refund', paymentId: p.id } },
            ]}
          />
        ))}
      </Section>
      <Section title={T.moneyPayouts}>
        {payouts.map((p) => (
          <Item
            key={p.id}
            title={`${p.storeName} · ${naira(p.amountKobo)}`}
            lines={[`${p.reference} · ${p.status}`, p.attention, p.failureReason ?? '']}
            actions={[
              { label: T.retry, action: { kind: 'retryPayout', payoutId: p.id } },
              ...(p.status === 'pending' ? [] : [{ label: T.resolve, action: { kind: 'resolvePayout' as const, payoutId: p.id } }]),
            ]}
          />
        ))}
      </Section>
      <Section title={T.moneyRefunds}>
        {refunds.map((r) => (
          <Item
            key={r.id}
            title={`${r.buyerEmail} · ${naira(r.amountKobo)}`}
            lines={[`${r.paymentReference} · ${r.status}`, r.attention ?? '', r.lastError ?? '']}
            actions={[{ label: T.retry, action: { kind: 'retryRefund', refundId: r.id } }]}
          />
        ))}
      </Section>
    </Stack>
  );
}
