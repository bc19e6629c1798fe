/**
 * The cart remote's screens, one per contract screen id. They are honest
 * placeholders until the cart issue (#12) builds them.
 */
import type { ScreenMap } from '@campus/shared/remote-routes';
import { UnderConstruction } from '@campus/shared/ui';

export const CART_SCREENS: ScreenMap<'remoteCart'> = {
  cart: () => <UnderConstruction title="Cart" />,
  wishlist: () => <UnderConstruction title="Wishlist" />,
  checkoutCallback: () => <UnderConstruction title="Payment" />,
};
