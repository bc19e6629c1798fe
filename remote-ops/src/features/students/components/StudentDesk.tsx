/**
 * Students: find an account by e-mail or name; its page shows its orders (the open ones to settle first,
 * which a suspension leaves for an operator), the reports about it and its sign-in history; suspend,
 * restore, sign out everywhere.
 */
import { useState } from 'react';
import { z } from 'zod';
import { messageOr } from '@campus/shared/api-client';
import { FormStack, TextField, useContractForm } from '@campus/shared/form';
import { MESSAGES } from '@campus/shared/messages';
import { formatNaira, koboToDecimalString } from '@campus/shared/money';
import { REPORT_REASON_LABELS, type OpenOrder, type ReportReason, type StudentDetail } from '@campus/shared/schemas';
import { Badge, Button, Card, EmptyState, ErrorPanel, Heading, HStack, PageSpinner, Stack, Text } from '@campus/shared/ui';
import { ReasonAction } from '../../../components/ReasonAction';
import { useStudent, useStudentAction, useStudentSearch } from '../api/use-students';

const T = MESSAGES.opsConsole;
const searchSchema = z.object({ q: z.string().trim().min(2).max(200) });
const naira = (kobo: number) => formatNaira(koboToDecimalString(kobo));
const when = (iso: string) => new Date(iso).toLocaleString('en-NG');

function Orders({ title, orders }: { title: string; orders: OpenOrder[] }) {
  return (
    <Stack as="section" aria-label={title} gap="1">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {orders.length === 0 ? (
        <Text color="fg.muted">{T.noRows}</Text>
      ) : (
        <Stack as="ul" gap="1" fontSize="sm">
          {orders.map((o) => (
            <li key={o.id}>
              {o.orderCode} · {o.status} · {naira(o.totalKobo)} · {o.side} · {when(o.createdAt)}
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Student({ detail }: { detail: StudentDetail }) {
  const { account } = detail;
  const action = useStudentAction(account.userId);
  return (
    <Card.Root as="article" aria-label={account.email}>
      <Card.Body>
        <Stack gap="4">
          <HStack justify="space-between" wrap="wrap">
            <Heading as="h2" size="md">
              {account.name} · {account.email}
            </Heading>
            {account.suspended ? <Badge colorPalette="red">{T.suspended}</Badge> : null}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {account.storeName ?? '—'} · {when(detail.createdAt)}
          </Text>
          {action.isError ? (
            <Text color="fg.error" role="alert">
              {messageOr(action.error, T.loadFailed)}
            </Text>
          ) : null}
          <HStack wrap="wrap" align="start">
            <ReasonAction
              label={account.suspended ? T.restoreAccount : T.suspend}
              busy={action.isPending}
              onReason={(reason) => action.mutate({ action: account.suspended ? 'restore' : 'suspend', reason })}
            />
            <ReasonAction
              label={T.signOutEverywhere}
              busy={action.isPending}
              onReason={(reason) => action.mutate({ action: 'signOut', reason })}
            />
          </HStack>
          <Orders title={T.openOrders} orders={detail.openOrders} />
          <Orders title={T.orders} orders={detail.orders} />
          <Stack as="section" aria-label={T.reports} gap="1">
            <Heading as="h3" size="sm">
              {T.reports}
            </Heading>
            {detail.reports.length === 0 ? (
              <Text color="fg.muted">{T.noRows}</Text>
            ) : (
              <Stack as="ul" gap="1" fontSize="sm">
                {detail.reports.map((r) => (
                  <li key={r.id}>
                    <strong>{REPORT_REASON_LABELS[r.reason as ReportReason] ?? r.reason}</strong>
                    {r.details ? `: ${r.details}` : ''} ({r.reporterEmail}, {when(r.createdAt)})
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
          <Stack as="section" aria-label={T.signIns} gap="1">
            <Heading as="h3" size="sm">
              {T.signIns}
            </Heading>
            {detail.signIns.length === 0 ? (
              <Text color="fg.muted">{T.noRows}</Text>
            ) : (
              <Stack as="ul" gap="1" fontSize="sm">
                {detail.signIns.map((e, i) => (
                  <li key={i}>
                    {when(e.at)} · {e.ip} · {e.userAgent || '—'} · {e.success ? '✓' : '✗'}
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export function StudentDesk() {
  const [words, setWords] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const form = useContractForm(searchSchema, { defaultValues: { q: '' } });
  const found = useStudentSearch(words);
  const student = useStudent(selected);
  return (
    <Stack gap="6">
      <FormStack label={T.search} onSubmit={(e) => void form.handleSubmit(({ q }) => setWords(q))(e)}>
        <HStack align="end">
          <TextField small label={T.searchLabel} error={form.formState.errors.q?.message} {...form.register('q')} />
          <Button size="sm" type="submit">
            {T.search}
          </Button>
        </HStack>
      </FormStack>
      {found.isError ? <ErrorPanel message={messageOr(found.error, T.loadFailed)} /> : null}
      {found.data?.length === 0 ? <EmptyState title={T.noStudents} /> : null}
      {found.data && found.data.length > 0 ? (
        <Stack as="ul" gap="1" aria-label={T.navStudents}>
          {found.data.map((s) => (
            <li key={s.userId}>
              <Button size="sm" variant={selected === s.userId ? 'solid' : 'ghost'} onClick={() => setSelected(s.userId)}>
                {s.name} · {s.email}
                {s.suspended ? ` · ${T.suspended}` : ''}
              </Button>
            </li>
          ))}
        </Stack>
      ) : null}
      {selected !== null && student.isPending ? <PageSpinner label={T.navStudents} /> : null}
      {student.isError ? <ErrorPanel message={messageOr(student.error, T.loadFailed)} /> : null}
      {student.data ? <Student detail={student.data} /> : null}
    </Stack>
  );
}
