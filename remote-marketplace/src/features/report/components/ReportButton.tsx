/**
 * Report a listing or a store to the campus team: a reason from the list and free text, in a
 * dialog; the API's "received" answer is announced. A student may send a few a day (the API counts).
 */
import { useState } from 'react';
import { LuFlag } from 'react-icons/lu';
import { messageOr } from '@campus/shared/api-client';
import { FormStack, SelectField, TextareaField, useContractForm } from '@campus/shared/form';
import { MESSAGES } from '@campus/shared/messages';
import { REPORT_REASON_LABELS, REPORT_REASONS, reportFormSchema, type ContentReportBody } from '@campus/shared/schemas';
import { Button, CloseButton, Dialog, Portal, Text } from '@campus/shared/ui';
import { useSendReport } from '../api/send-report';

export interface ReportButtonProps {
  target: ContentReportBody['target'];
  /** "listing" or "store", in the button's and dialog's words. */
  what: 'listing' | 'store';
}

export function ReportButton({ target, what }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const send = useSendReport();
  const form = useContractForm(reportFormSchema, { defaultValues: { reason: 'scam', details: '' } });
  const title = `Report this ${what}`;
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        <LuFlag /> Report
      </Button>
      {send.isSuccess ? (
        <Text role="status" fontSize="sm" color="fg.muted">
          {send.data ?? MESSAGES.reports.received}
        </Text>
      ) : null}
      <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content>
              <FormStack
                label={title}
                gap="0"
                onSubmit={(e) =>
                  void form.handleSubmit((fields) => send.mutate({ target, ...fields }, { onSuccess: () => setOpen(false) }))(e)
                }
              >
                <Dialog.Header>
                  <Dialog.Title>{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body display="flex" flexDirection="column" gap="3">
                  <SelectField
                    label="Reason"
                    options={REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }))}
                    {...form.register('reason')}
                  />
                  <TextareaField
                    label="What is wrong?"
                    rows={3}
                    error={form.formState.errors.details?.message}
                    {...form.register('details')}
                  />
                  {send.isError ? (
                    <Text color="fg.error" fontSize="sm" role="alert">
                      {messageOr(send.error, MESSAGES.generic.tooManyRequests)}
                    </Text>
                  ) : null}
                </Dialog.Body>
                <Dialog.Footer gap="2">
                  <Button variant="outline" onClick={() => setOpen(false)} disabled={send.isPending}>
                    Cancel
                  </Button>
                  <Button type="submit" colorPalette="red" loading={send.isPending}>
                    Send report
                  </Button>
                </Dialog.Footer>
              </FormStack>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
