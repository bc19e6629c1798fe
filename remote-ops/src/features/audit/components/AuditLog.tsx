/** The audit log: every operator action, who, what, which record, the reason, when and from where; filtered. */
import { useState } from 'react';
import { messageOr } from '@campus/shared/api-client';
import { FormStack, TextField, useContractForm } from '@campus/shared/form';
import { MESSAGES } from '@campus/shared/messages';
import { auditQuerySchema, type AuditQuery } from '@campus/shared/schemas';
import { Button, EmptyState, ErrorPanel, HStack, PageSpinner, Stack, Table } from '@campus/shared/ui';
import { useAuditLog } from '../api/use-audit';

const T = MESSAGES.opsConsole;

export function AuditLog() {
  const [filters, setFilters] = useState<AuditQuery>({});
  const form = useContractForm(auditQuerySchema, { defaultValues: { action: '', recordType: '', recordId: '', operator: '' } });
  const log = useAuditLog(filters);
  return (
    <Stack gap="4">
      <FormStack label={T.filter} onSubmit={(e) => void form.handleSubmit(setFilters)(e)}>
        <HStack align="end" wrap="wrap">
          <TextField small label={T.filterAction} {...form.register('action')} />
          <TextField small label={T.filterRecordType} {...form.register('recordType')} />
          <TextField small label={T.filterRecordId} {...form.register('recordId')} />
          <TextField small label={T.filterOperator} {...form.register('operator')} />
          <Button size="sm" type="submit">
            {T.filter}
          </Button>
        </HStack>
      </FormStack>
      {log.isPending ? (
        <PageSpinner label={T.navAudit} />
      ) : log.isError ? (
        <ErrorPanel message={messageOr(log.error, T.loadFailed)} />
      ) : log.data.length === 0 ? (
        <EmptyState title={T.noAudit} as="h2" />
      ) : (
        <Table.Root size="sm" aria-label={T.navAudit}>
          <Table.Header>
            <Table.Row>
              {['When', 'Operator', 'Action', 'Record', 'Reason', 'Address'].map((h) => (
                <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {log.data.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell>{new Date(row.createdAt).toLocaleString()}</Table.Cell>
                <Table.Cell>{row.operatorEmail}</Table.Cell>
                <Table.Cell>{row.action}</Table.Cell>
                <Table.Cell>
                  {row.recordType} {row.recordId}
                </Table.Cell>
                <Table.Cell>{row.reason}</Table.Cell>
                <Table.Cell>{row.ip}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}
