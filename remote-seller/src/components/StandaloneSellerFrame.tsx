/**
 * Only for this remote started alone (npm start -w @campus/remote-seller):
 * the shell's seller chrome is not there, so this small frame gives seller
 * pages their h1 title, a menu and the Accept Order button (the same bus
 * event the shell's button sends). Never part of the product.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink, matchPath, useLocation } from 'react-router-dom';
import { REMOTES } from '@campus/shared/federation';
import { eventBus } from '@campus/shared/event-bus';
import { Box, Button, Container, Heading, HStack, Link, Wrap } from '@campus/shared/ui';

const SELLER_PAGES = REMOTES.remoteSeller.screens.flatMap((s) => ('seller' in s ? [{ path: s.path, ...s.seller }] : []));

export function StandaloneSellerFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const page = SELLER_PAGES.find((p) => matchPath(p.path, pathname));
  if (!page) return <>{children}</>;
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py="6">
      <Wrap as="nav" aria-label="Seller menu" gap="3" mb="4">
        {SELLER_PAGES.filter((p) => p.menu).map((p) => (
          <Link asChild key={p.path} fontSize="sm">
            <RouterLink to={p.path}>{p.title}</RouterLink>
          </Link>
        ))}
      </Wrap>
      <HStack justify="space-between" mb="6" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          {page.title}
        </Heading>
        <Button colorPalette="brand" onClick={() => eventBus.emit('order:completion-requested', {})}>
          Accept Order
        </Button>
      </HStack>
      <Box>{children}</Box>
    </Container>
  );
}
