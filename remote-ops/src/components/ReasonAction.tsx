/** A console action that asks for its reason first (the audit log keeps it): a button that opens a small form. */
import { useState } from 'react';
import { FormStack, TextField, useContractForm } from '@campus/shared/form';
import { MESSAGES } from '@campus/shared/messages';
import { opsReasonBodySchema } from '@campus/shared/schemas';
import { Button, HStack } from '@campus/shared/ui';

const T = MESSAGES.opsConsole;

export function ReasonAction({ label, busy, onReason }: { label: string; busy: boolean; onReason: (reason: string) => void }) {
  const [open, setOpen] = useState(false);
  const form = useContractForm(opsReasonBodySchema, { defaultValues: { reason: '' } });
  if (!open)
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  return (
    <FormStack
      label={label}
      onSubmit={(e) =>
        void form.handleSubmit(({ reason }) => {
          onReason(reason);
          setOpen(false);
        })(e)
      }
    >
      <TextField small label={T.reasonLabel} error={form.formState.errors.reason?.message} {...form.register('reason')} />
      <HStack>
        <Button size="sm" type="submit" colorPalette="red" loading={busy}>
          {label}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {T.cancel}
        </Button>
      </HStack>
    </FormStack>
  );
}
