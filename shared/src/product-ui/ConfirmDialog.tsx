import type { ReactNode } from 'react';
import { Button, Dialog, Portal, Text } from '@campus/shared/ui';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. spec section 2's 'Are you sure you want to clear your cart?'. */
  message: ReactNode;
  title?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The confirmed action is under way: the confirm button spins, cancelling waits. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The spec's "asks ..." confirmations as an in-page alert dialog instead of a
 * blocking window.confirm: focus moves into it, Escape or Cancel closes it,
 * and it looks like the rest of the product.
 */
export function ConfirmDialog({
  open,
  message,
  title,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => (e.open ? undefined : onCancel())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title ?? confirmLabel}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description asChild>
                <Text>{message}</Text>
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer gap="2" flexWrap="wrap">
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={busy}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
