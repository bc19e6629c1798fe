/** Report the conversation, or one message, to the campus team: a reason from the product page's list, and the student's words. */
import { useEffect } from 'react';
import { MESSAGES } from '@campus/shared/messages';
import { FormStack, SelectField, TextareaField, useContractForm } from '@campus/shared/form';
import { REPORT_REASON_LABELS, REPORT_REASONS, reportBodySchema, type ReportReason } from '@campus/shared/schemas';
import { Button, CloseButton, Dialog, Portal, Text } from '@campus/shared/ui';

const T = MESSAGES.messaging;
const reasonSchema = reportBodySchema.pick({ reason: true }).extend({ reasonCode: reportBodySchema.shape.reasonCode.unwrap() });

export interface ReportDialogProps {
  /** What is reported: the title says it; null while closed. */
  target: 'conversation' | 'message' | null;
  busy: boolean;
  error: string | null;
  onSubmit: (report: { reasonCode: ReportReason; reason: string }) => void;
  onClose: () => void;
}

export function ReportDialog({ target, busy, error, onSubmit, onClose }: ReportDialogProps) {
  const form = useContractForm(reasonSchema, { defaultValues: { reasonCode: 'scam', reason: '' } });
  const { reset } = form;
  useEffect(() => {
    if (target) reset({ reasonCode: 'scam', reason: '' });
  }, [target, reset]);

  return (
    <Dialog.Root open={target !== null} onOpenChange={(e) => (e.open ? undefined : onClose())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <FormStack onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} label={T.reportTitle} gap="0">
              <Dialog.Header>
                <Dialog.Title>{target === 'message' ? T.reportMessage : T.reportConversation}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text fontSize="sm" color="fg.muted" mb="3">
                  {T.reportTitle}
                </Text>
                <SelectField
                  label={T.reportReasonList}
                  options={REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }))}
                  {...form.register('reasonCode')}
                />
                <TextareaField
                  label={T.reportReason}
                  required
                  rows={4}
                  error={form.formState.errors.reason?.message}
                  {...form.register('reason')}
                />
                {error ? (
                  <Text color="fg.error" fontSize="sm" mt="2" role="alert">
                    {error}
                  </Text>
                ) : null}
              </Dialog.Body>
              <Dialog.Footer gap="2">
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  {T.cancel}
                </Button>
                <Button type="submit" colorPalette="red" loading={busy}>
                  {T.reportSubmit}
                </Button>
              </Dialog.Footer>
            </FormStack>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={T.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
