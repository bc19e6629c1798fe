/** Open reports, one card per reported listing or account, with hide / restore and suspend / restore. */
import { Link } from 'react-router-dom';
import { messageOr } from '@campus/shared/api-client';
import { href } from '@campus/shared/federation';
import { MESSAGES } from '@campus/shared/messages';
import { REPORT_REASON_LABELS, type ReportGroup, type ReportReason } from '@campus/shared/schemas';
import { Badge, Card, EmptyState, ErrorPanel, Heading, HStack, PageSpinner, Stack, Text } from '@campus/shared/ui';
import { ReasonAction } from '../../../components/ReasonAction';
import { useReportAction, useReportGroups } from '../api/use-reports';

const T = MESSAGES.opsConsole;

const reasonLabel = (reason: string) => REPORT_REASON_LABELS[reason as ReportReason] ?? reason;

function Group({ group }: { group: ReportGroup }) {
  const action = useReportAction();
  const { listing, account } = group;
  return (
    <Card.Root as="article" aria-label={listing?.name ?? account.storeName ?? account.name}>
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" wrap="wrap">
            <Heading as="h2" size="sm">
              {listing ? <Link to={href('product', { slug: listing.slug })}>{listing.name}</Link> : (account.storeName ?? account.name)}
            </Heading>
            <HStack>
              {listing?.hidden ? <Badge colorPalette="orange">{T.hidden}</Badge> : null}
              {account.suspended ? <Badge colorPalette="red">{T.suspended}</Badge> : null}
            </HStack>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {account.name} · {account.email}
            {account.storeName ? ` · ${account.storeName}` : ''}
          </Text>
          <Stack as="ul" gap="1" fontSize="sm">
            {group.reports.map((r) => (
              <li key={r.id}>
                <strong>{reasonLabel(r.reason)}</strong>
                {r.details ? `: ${r.details}` : ''}{' '}
                <Text as="span" color="fg.muted">
                  ({r.reporterEmail})
                </Text>
              </li>
            ))}
          </Stack>
          {action.isError ? (
            <Text color="fg.error" role="alert">
              {messageOr(action.error, T.loadFailed)}
            </Text>
          ) : null}
          <HStack wrap="wrap" align="start">
            {listing ? (
              <ReasonAction
                label={listing.hidden ? T.restoreListing : T.hide}
                busy={action.isPending}
                onReason={(reason) => action.mutate({ action: listing.hidden ? 'restoreListing' : 'hide', id: listing.id, reason })}
              />
            ) : null}
            <ReasonAction
              label={account.suspended ? T.restoreAccount : T.suspend}
              busy={action.isPending}
              onReason={(reason) => action.mutate({ action: account.suspended ? 'restoreAccount' : 'suspend', id: account.userId, reason })}
            />
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export function ReportGroups() {
  const groups = useReportGroups();
  if (groups.isPending) return <PageSpinner label={T.navReports} />;
  if (groups.isError) return <ErrorPanel message={messageOr(groups.error, T.loadFailed)} />;
  if (groups.data.length === 0) return <EmptyState title={T.noReports} />;
  return (
    <Stack gap="4">
      {groups.data.map((g) => (
        <Group key={g.key} group={g} />
      ))}
    </Stack>
  );
}
