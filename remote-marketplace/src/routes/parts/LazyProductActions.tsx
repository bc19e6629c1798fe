import { lazy, Suspense } from 'react';
import { AfterShown } from '../../components/AfterShown';
import type { RenderActions } from '../../components/product-actions-slot';

/**
 * The cart and wishlist buttons need the API client (axios, zod, the contract): on the marketplace
 * their chunk loads when the first results render, so the results do not wait for it; the buttons
 * show once it is in.
 */
let actionsLoaded = false;
const ProductActions = lazy(() =>
  import(/* webpackChunkName: "product-actions" */ './ProductActions').then((m) => {
    actionsLoaded = true;
    return { default: m.ProductActions };
  }),
);

/** The buttons of a search hit's card, after the results are on screen. */
export const renderLazyProductActions: RenderActions = (product) => (
  <AfterShown now={actionsLoaded}>
    <Suspense fallback={null}>
      <ProductActions {...product} />
    </Suspense>
  </AfterShown>
);
