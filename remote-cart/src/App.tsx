/**
 * The cart remote's routes ('./App'). Contract: absolute spec paths inside
 * <Routes>; the shell mounts this as the element of a pathless layout route.
 * The screens themselves come with the cart issue.
 */
import { Route, Routes } from 'react-router-dom';
import { UnderConstruction } from '@campus/shared/ui';

export const CART_SCREENS = [
  { path: '/cart', title: 'Cart' },
  { path: '/wishlist', title: 'Wishlist' },
  { path: '/checkout/callback', title: 'Payment' },
] as const;

export default function CartApp() {
  return (
    <Routes>
      {CART_SCREENS.map(({ path, title }) => (
        <Route key={path} path={path} element={<UnderConstruction title={title} />} />
      ))}
    </Routes>
  );
}
