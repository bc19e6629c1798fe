/**
 * The routes this remote owns (absolute paths; the shell mounts this under its
 * signed-in layout). Each screen is its own chunk, so /marketplace loads only
 * what it shows.
 */
import { PageSpinner } from '@campus/shared/ui';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';

const MarketplacePage = lazy(() => import(/* webpackChunkName: "marketplace" */ './features/search/components/MarketplacePage'));
const ProductPage = lazy(() => import(/* webpackChunkName: "product" */ './features/product/components/ProductPage'));
const CategoryPage = lazy(() => import(/* webpackChunkName: "category" */ './features/category/components/CategoryPage'));
const CataloguePage = lazy(() => import(/* webpackChunkName: "catalogue" */ './features/catalogue/components/CataloguePage'));

/** A new screen starts at the top (query-string changes, like paging, scroll on their own terms). */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export default function App() {
  return (
    <Suspense fallback={<PageSpinner label="Loading page" />}>
      <ScrollToTopOnNavigate />
      <Routes>
        <Route path="/marketplace" element={<MarketplacePage />} />
        <Route path="/product/:slug" element={<ProductPage />} />
        <Route path="/category/:categoryId" element={<CategoryPage />} />
        <Route path="/seller/:sellerId/catalogue" element={<CataloguePage />} />
      </Routes>
    </Suspense>
  );
}
