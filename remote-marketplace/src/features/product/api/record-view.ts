import { useEffect } from 'react';

const VISITOR_KEY = 'campus.visitorKey';

/** A random key for this browser, kept in its storage: an anonymous visitor counts once a day per product too. */
function visitorKey(): string | undefined {
  try {
    let key = window.localStorage.getItem(VISITOR_KEY);
    if (!key || !/^[A-Za-z0-9_-]{16,64}$/.test(key)) {
      key = crypto.randomUUID().replace(/-/g, '');
      window.localStorage.setItem(VISITOR_KEY, key);
    }
    return key;
  } catch {
    // Storage refused (private mode): the API counts the address instead.
    return undefined;
  }
}

/**
 * POST /products/{id}/views once per product page shown (the API counts a
 * student once a day per product). A store's own products are not counted;
 * a failure is ignored: the page never waits for or shows it.
 */
export function useRecordProductView(productId: string | undefined, ownProduct: boolean): void {
  useEffect(() => {
    if (!productId || ownProduct) return;
    const key = visitorKey();
    // The API caller loads here, after the page is up, not with it.
    Promise.all([import('@campus/shared/call'), import('@campus/shared/endpoints')])
      .then(([{ call }, { products }]) =>
        call(products.recordProductView, { params: { id: productId }, body: key ? { visitorKey: key } : {} }),
      )
      .catch(() => undefined);
  }, [productId, ownProduct]);
}
