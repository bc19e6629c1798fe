/**
 * The seller remote's screens, one per contract screen id. They are honest
 * placeholders until the seller issue (#13) builds them; each seller page's
 * title comes from the contract (the shell's seller chrome shows the same).
 */
import { REMOTES } from '@campus/shared/federation';
import type { ScreenMap } from '@campus/shared/remote-routes';
import { UnderConstruction } from '@campus/shared/ui';

function titleOf(id: string): string {
  const screen = REMOTES.remoteSeller.screens.find((s) => s.id === id);
  return screen && 'seller' in screen ? screen.seller.title : 'Become a seller';
}

const placeholder = (id: string) => () => <UnderConstruction title={titleOf(id)} />;

export const SELLER_SCREENS: ScreenMap<'remoteSeller'> = {
  onboarding: placeholder('onboarding'),
  dashboard: placeholder('dashboard'),
  products: placeholder('products'),
  addProduct: placeholder('addProduct'),
  editProduct: placeholder('editProduct'),
  productDetails: placeholder('productDetails'),
  orders: placeholder('orders'),
  customers: placeholder('customers'),
  analytics: placeholder('analytics'),
  settings: placeholder('settings'),
};
