import type { ReactNode } from 'react';
import { Box, Text } from '../chakra';

export interface ErrorPanelProps {
  /** The message (spec section 8 text or the server's message). */
  message: ReactNode;
  title?: ReactNode;
  /** e.g. a Retry or Back button. */
  action?: ReactNode;
}

/** Spec section 8: "errors appear in a red panel". role="alert" so it is announced. */
export function ErrorPanel({ message, title, action }: ErrorPanelProps) {
  return (
    <Box
      role="alert"
      data-testid="error-panel"
      bg="red.50"
      borderWidth="1px"
      borderColor="red.300"
      color="red.800"
      borderRadius="md"
      px="4"
      py="3"
    >
      {title ? (
        <Text fontWeight="semibold" mb="1">
          {title}
        </Text>
      ) : null}
      <Text>{message}</Text>
      {action ? <Box mt="3">{action}</Box> : null}
    </Box>
  );
}
