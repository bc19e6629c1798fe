/**
 * The routes this remote owns (absolute paths; the shell mounts this under its
 * signed-in layout). Each screen is its own chunk, so /marketplace loads only
 * what it shows.
 */
import { PageSpinner } from '@campus/shared/ui';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

const MarketplacePage = lazy(() => import(/* webpackChunkName: "marketplace" */ './features/search/components/MarketplacePage'));
const ProductPage = lazy(() => import(/* webpackChunkName: "product" */ './features/product/components/ProductPage'));
const CategoryPage = lazy(() => import(/* webpackChunkName: "category" */ './features/category/components/CategoryPage'));
const CataloguePage = lazy(() => import(/* webpackChunkName: "catalogue" */ './features/catalogue/components/CataloguePage'));

export default function App() {
  return (
    <Suspense fallback={<PageSpinner label="Loading page" />}>
      <Routes>
        <Route path="/marketplace" element={<MarketplacePage />} />
        <Route path="/product/:slug" element={<ProductPage />} />
        <Route path="/category/:categoryId" element={<CategoryPage />} />
        <Route path="/seller/:sellerId/catalogue" element={<CataloguePage />} />
      </Routes>
    </Suspense>
  );
}
