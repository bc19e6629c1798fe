/**
 * The body of a seller back-office page. The seller chrome around it (the
 * shell's, or the standalone frame) carries the page's h1 title, so a page is
 * a region named by that title, with h2 headings of its own. The title is the
 * federation contract's (`REMOTES.remoteSeller`), never restated by a page.
 */
import type { ComponentType, ReactNode } from 'react';
import { REMOTES, type ScreenId } from '@campus/shared/federation';
import { ErrorPanel, Stack, usePageTitle } from '@campus/shared/ui';
import { MESSAGES } from '@campus/shared/messages';
import { SellCrumbs } from './SellCrumbs';
import { useSellerId } from '../lib/seller-session';

/** A seller back-office screen of the contract (one with a seller title). */
export type SellerScreenId = Exclude<ScreenId<'remoteSeller'>, 'onboarding'>;

/** The screen's title as the federation contract gives it to the seller chrome. */
export function sellerTitle(screen: SellerScreenId): string {
  const found = REMOTES.remoteSeller.screens.find((s) => s.id === screen);
  return found && 'seller' in found ? found.seller.title : screen;
}

export function SellerPage({ screen, children }: { screen: SellerScreenId; children: ReactNode }) {
  const title = sellerTitle(screen);
  usePageTitle(`${title} · Seller`);
  return (
    <Stack as="section" aria-label={title} gap="6" minW="0">
      {children}
    </Stack>
  );
}

/**
 * A seller screen from its body: the page region and title from the contract, the breadcrumbs when asked, and
 * the body drawn with the store's id (or the spec's 'Seller information not found'). Every seller page is built
 * this one way.
 */
export function sellerScreen(screen: SellerScreenId, Body: ComponentType<{ sellerId: string }>, options: { crumbs?: boolean } = {}) {
  function Screen() {
    return (
      <SellerPage screen={screen}>
        {options.crumbs ? <SellCrumbs page={sellerTitle(screen)} /> : null}
        <WithSellerId>{(sellerId) => <Body sellerId={sellerId} />}</WithSellerId>
      </SellerPage>
    );
  }
  Screen.displayName = `SellerScreen(${screen})`;
  return Screen;
}

/** Renders its children with the seller id, or the spec's 'Seller information not found'. */
export function WithSellerId({ children }: { children: (sellerId: string) => ReactNode }) {
  const sellerId = useSellerId();
  if (!sellerId) return <ErrorPanel message={MESSAGES.validation.sellerInfoNotFound} />;
  return <>{children(sellerId)}</>;
}
