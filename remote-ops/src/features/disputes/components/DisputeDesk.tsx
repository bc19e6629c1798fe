/**
 * Disputes: the queue (open ones first), and the one picked in full: the order, both sides'
 * statements and photos, the message thread, the ledger lines, and the decision form.
 */
import { useState } from 'react';
import { messageOr } from '@campus/shared/api-client';
import { FormStack, SelectField, TextField, useContractForm, useWatch } from '@campus/shared/form';
import { MESSAGES } from '@campus/shared/messages';
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import { disputeDecisionBodySchema, type OpsDispute } from '@campus/shared/schemas';
import {
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  ErrorPanel,
  Grid,
  Heading,
  HStack,
  Image,
  PageSpinner,
  Stack,
  Table,
  Text,
} from '@campus/shared/ui';
import { useDecideDispute, useDispute, useDisputeQueue } from '../api/use-disputes';

const T = MESSAGES.opsConsole;
const naira = (kobo: number) => formatNaira(koboToDecimalString(Math.abs(kobo)));

function DecisionForm({ dispute }: { dispute: OpsDispute }) {
  const decide = useDecideDispute(dispute.id);
  const form = useContractForm(disputeDecisionBodySchema, { defaultValues: { outcome: 'refund', amountNaira: '', reason: '' } });
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  return (
    <FormStack label={T.decide} onSubmit={(e) => void form.handleSubmit((body) => decide.mutate(body))(e)} maxW="md">
      <SelectField
        label={T.outcomeLabel}
        options={[
          { value: 'refund', label: T.outcomeRefund },
          { value: 'part', label: T.outcomePart },
          { value: 'release', label: T.outcomeRelease },
        ]}
        {...form.register('outcome')}
      />
      {outcome === 'part' ? <TextField label={T.amountLabel} inputMode="decimal" {...form.register('amountNaira')} /> : null}
      <TextField label={T.reasonLabel} error={form.formState.errors.reason?.message} {...form.register('reason')} />
      {decide.isError ? (
        <Text color="fg.error" role="alert">
          {messageOr(decide.error, T.loadFailed)}
        </Text>
      ) : null}
      <Button type="submit" alignSelf="start" loading={decide.isPending}>
        {T.decide}
      </Button>
    </FormStack>
  );
}

function DisputeDetail({ disputeId }: { disputeId: string }) {
  const detail = useDispute(disputeId);
  if (detail.isPending) return <PageSpinner label={T.navDisputes} />;
  if (detail.isError) return <ErrorPanel message={messageOr(detail.error, T.loadFailed)} />;
  const d = detail.data;
  return (
    <Stack gap="4" aria-label={`Dispute on order ${d.orderCode}`} as="section">
      <Heading as="h2" size="md">
        Order {d.orderCode} · {naira(d.totalKobo)} · <Badge>{d.dispute.status}</Badge>
      </Heading>
      <Text fontSize="sm">
        {d.storeName} ({d.sellerEmail ?? '—'}) · buyer {d.buyerEmail} · order {d.orderStatus}
      </Text>
      <Text>“{d.dispute.reason}”</Text>
      {d.dispute.decisionNote ? <Text>Decision: {d.dispute.decisionNote}</Text> : null}
      <Heading as="h3" size="sm">
        {T.statements}
      </Heading>
      <Stack as="ul" gap="2">
        {d.dispute.statements.map((s) => (
          <li key={s.id}>
            <strong>{s.author}</strong>: {s.text}
            <HStack>
              {s.imageUrls.map((url) => (
                <Image key={url} src={url} alt={`Photo from the ${s.author}`} boxSize="20" objectFit="cover" />
              ))}
            </HStack>
          </li>
        ))}
      </Stack>
      {d.messages.length > 0 ? (
        <>
          <Heading as="h3" size="sm">
            {T.thread}
          </Heading>
          <Stack as="ul" gap="1" fontSize="sm">
            {d.messages.map((m, i) => (
              <li key={i}>
                {m.from}: {m.text}
              </li>
            ))}
          </Stack>
        </>
      ) : null}
      <Heading as="h3" size="sm">
        {T.ledger}
      </Heading>
      <Table.Root size="sm">
        <Table.Body>
          {d.ledger.map((l, i) => (
            <Table.Row key={i}>
              <Table.Cell>{l.kind}</Table.Cell>
              <Table.Cell>{l.account}</Table.Cell>
              <Table.Cell textAlign="end">
                {l.amountKobo < 0 ? '−' : ''}
                {naira(l.amountKobo)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {d.status === 'open' ? <DecisionForm dispute={d} /> : null}
    </Stack>
  );
}

export function DisputeDesk() {
  const queue = useDisputeQueue();
  const [picked, setPicked] = useState<string | null>(null);
  if (queue.isPending) return <PageSpinner label={T.navDisputes} />;
  if (queue.isError) return <ErrorPanel message={messageOr(queue.error, T.loadFailed)} />;
  if (queue.data.length === 0) return <EmptyState title={T.noDisputes} />;
  return (
    <Grid templateColumns={{ base: '1fr', md: '1fr 2fr' }} gap="6">
      <Stack as="ul" gap="2" aria-label={T.navDisputes}>
        {queue.data.map((d) => (
          <li key={d.id}>
            <Card.Root variant={picked === d.id ? 'elevated' : 'outline'}>
              <Card.Body>
                <Button variant="plain" p="0" h="auto" onClick={() => setPicked(d.id)} aria-current={picked === d.id}>
                  Order {d.orderCode} · {naira(d.totalKobo)}
                </Button>
                <Text fontSize="sm">
                  {d.storeName} · <Badge>{d.status}</Badge>
                </Text>
              </Card.Body>
            </Card.Root>
          </li>
        ))}
      </Stack>
      <Box>{picked ? <DisputeDetail disputeId={picked} /> : null}</Box>
    </Grid>
  );
}
