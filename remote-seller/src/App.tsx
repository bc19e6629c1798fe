/**
 * The seller remote's routes ('./App'). Contract: absolute spec paths inside
 * <Routes>; the shell mounts this as the element of a pathless layout route
 * (and draws the seller-mode chrome around it). The screens themselves come
 * with the seller issues.
 */
import { Route, Routes } from 'react-router-dom';
import { UnderConstruction } from '@campus/shared/ui';

export const SELLER_SCREENS = [
  { path: '/seller/onboarding', title: 'Become a seller' },
  { path: '/seller/dashboard', title: 'Dashboard' },
  { path: '/seller/products', title: 'Products' },
  { path: '/seller/products/add', title: 'Add Product' },
  { path: '/seller/products/edit/:productId', title: 'Edit Product' },
  { path: '/seller/products/:id', title: 'Product Details' },
  { path: '/seller/orders', title: 'Orders' },
  { path: '/seller/customers', title: 'Customers' },
  { path: '/seller/analytics', title: 'Analytics' },
  { path: '/seller/settings', title: 'Settings' },
] as const;

export default function SellerApp() {
  return (
    <Routes>
      {SELLER_SCREENS.map(({ path, title }) => (
        <Route key={path} path={path} element={<UnderConstruction title={title} />} />
      ))}
    </Routes>
  );
}
