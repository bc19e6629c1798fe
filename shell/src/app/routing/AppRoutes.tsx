/**
 * Builds <Routes> from the route table. Remote routes are pathless layout
 * routes (guard → optional seller chrome → remote App) whose children are the
 * remote's path patterns with no element: the remote's own <Routes> renders
 * the page, while the shell's table decides access and what counts as 404.
 */
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageSpinner } from '@campus/shared/ui';
import { guardFor } from '../guards/Guards';
import { AppLayout } from '../layout/AppLayout';
import { SellerChrome } from '../layout/SellerChrome';
import { LandingPage } from '../pages/LandingPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RemoteRoute } from '../remote/RemoteRoute';
import { REMOTE_ROUTE_GROUPS, SHELL_PAGES, type ShellPageId } from './route-table';

// The landing page is eager (first paint); other shell pages load on demand. The chunk
// names are what the prerendered pages preload (src/prerender/render-page.tsx).
const PAGES: Record<ShellPageId, ComponentType> = {
  landing: LandingPage,
  features: lazy(() => import(/* webpackChunkName: "page-features" */ '../pages/FeaturesPage')),
  'how-it-works': lazy(() => import(/* webpackChunkName: "page-how-it-works" */ '../pages/HowItWorksPage')),
  products: lazy(() => import(/* webpackChunkName: "page-products" */ '../pages/ProductsPage')),
  'client-stories': lazy(() => import(/* webpackChunkName: "page-client-stories" */ '../pages/ClientStoriesPage')),
};

function shellPage(id: ShellPageId): ReactElement {
  const Page = PAGES[id];
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

function shellRoutes(): ReactElement[] {
  return SHELL_PAGES.map(({ path, page, access }) => {
    const route = <Route key={path} path={path} element={shellPage(page)} />;
    return access === 'public' ? (
      route
    ) : (
      <Route key={`guard:${path}`} element={guardFor(access)}>
        {route}
      </Route>
    );
  });
}

function remoteRoutes(): ReactElement[] {
  return REMOTE_ROUTE_GROUPS.map((group, index) => {
    const id = `${group.remote}:${group.access}:${index}`;
    // Keyed by remote so React never reuses one remote's loader state for another.
    const remote = (
      <Route key={id} element={<RemoteRoute key={group.remote} remote={group.remote} />}>
        {group.paths.map((path) => (
          <Route key={path} path={path} element={null} />
        ))}
      </Route>
    );
    const chromed = group.sellerChrome ? (
      <Route key={`chrome:${id}`} element={<SellerChrome remote={group.remote} />}>
        {remote}
      </Route>
    ) : (
      remote
    );
    return group.access === 'public' ? (
      chromed
    ) : (
      <Route key={`guard:${id}`} element={guardFor(group.access)}>
        {chromed}
      </Route>
    );
  });
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {shellRoutes()}
        {remoteRoutes()}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
