/**
 * The body of a seller back-office page. The seller chrome around it (the
 * shell's, or the standalone frame) carries the page's h1 title, so a page is
 * a region named by that title, with h2 headings of its own.
 */
import type { ReactNode } from 'react';
import { ErrorPanel, Stack, usePageTitle } from '@campus/shared/ui';
import { MESSAGES } from '@campus/shared/messages';
import { useSellerId } from '../lib/seller-session';

export function SellerPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(`${title} · Seller`);
  return (
    <Stack as="section" aria-label={title} gap="6" minW="0">
      {children}
    </Stack>
  );
}

/** Renders its children with the seller id, or the spec's 'Seller information not found'. */
export function WithSellerId({ children }: { children: (sellerId: string) => ReactNode }) {
  const sellerId = useSellerId();
  if (!sellerId) return <ErrorPanel message={MESSAGES.validation.sellerInfoNotFound} />;
  return <>{children(sellerId)}</>;
}
