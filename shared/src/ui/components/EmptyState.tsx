import type { ReactNode } from 'react';
import { Box, Heading, Text, VStack } from '../chakra';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** An icon element, e.g. <LuShoppingCart />. */
  icon?: ReactNode;
  /** e.g. a Start Shopping link. */
  action?: ReactNode;
  /** h1 when the empty state is the whole page (its only heading); h2 inside a page that has its own h1. */
  as?: 'h1' | 'h2';
}

/** The "nothing here yet" block lists show (spec section 8 empty states). */
export function EmptyState({ title, description, icon, action, as = 'h2' }: EmptyStateProps) {
  return (
    <VStack data-testid="empty-state" gap="3" py="12" px="4" textAlign="center">
      {icon ? (
        <Box fontSize="4xl" color="fg.subtle" aria-hidden="true">
          {icon}
        </Box>
      ) : null}
      <Heading as={as} size="md">
        {title}
      </Heading>
      {description ? (
        <Text color="fg.muted" maxW="md">
          {description}
        </Text>
      ) : null}
      {action}
    </VStack>
  );
}
