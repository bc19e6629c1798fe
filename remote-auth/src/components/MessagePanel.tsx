import { useEffect, useRef } from 'react';
import { Alert, Box, ErrorPanel as SharedErrorPanel } from '@campus/shared/ui';

interface MessagePanelProps {
  message: string | null | undefined;
  /** Move focus to the panel when it appears, so keyboard and screen-reader users land on the error. */
  focusOnShow?: boolean;
  /** An id for the panel, so a field can name it in aria-describedby. */
  id?: string;
}

/** The shared red panel (role="alert"), made focusable so a form can move focus to its error. */
export function ErrorPanel({ message, focusOnShow = true, id }: MessagePanelProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message && focusOnShow) ref.current?.focus();
  }, [message, focusOnShow]);
  if (!message) return null;
  return (
    <Box ref={ref} id={id} tabIndex={-1} outline="none" data-testid="error-focus">
      <SharedErrorPanel message={message} />
    </Box>
  );
}

/** The green confirmation panel (verified, code resent, reset link sent, reset done). */
export function SuccessPanel({ message }: Pick<MessagePanelProps, 'message'>) {
  if (!message) return null;
  return (
    <Alert.Root status="success" role="status" borderRadius="md" data-testid="success-panel">
      <Alert.Indicator />
      <Alert.Description>{message}</Alert.Description>
    </Alert.Root>
  );
}
