/**
 * The marketplace's state lives in the URL (?query=&sort=&category=&price=&condition=&page=)
 * so a shared link reproduces the search and Back/Forward step through it.
 */
import { MARKETPLACE_SORTS, PRICE_BANDS, isProductCondition, type MarketplaceSort, type PriceBandId } from '@campus/shared/constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SearchProductsParams } from '../api/search-products';

/** What the URL holds: the search's parameters, less the page size (the screen's choice). */
export type MarketplaceParams = Omit<SearchProductsParams, 'hitsPerPage'>;

export const DEFAULT_PARAMS: MarketplaceParams = { query: '', page: 1, sort: 'relevance', category: '', priceBand: 'all', condition: '' };

function isSort(value: string | null): value is MarketplaceSort {
  return (MARKETPLACE_SORTS as readonly string[]).includes(value ?? '');
}

function isBand(value: string | null): value is PriceBandId {
  return PRICE_BANDS.some((b) => b.id === value);
}

export function parseParams(search: URLSearchParams): MarketplaceParams {
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  const sort = search.get('sort');
  const price = search.get('price');
  const condition = search.get('condition');
  return {
    query: search.get('query') ?? '',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    sort: isSort(sort) ? sort : 'relevance',
    category: search.get('category') ?? '',
    priceBand: isBand(price) ? price : 'all',
    condition: isProductCondition(condition) ? condition : '',
  };
}

export function toSearch(params: MarketplaceParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.query) out.set('query', params.query);
  if (params.category) out.set('category', params.category);
  if (params.priceBand !== 'all') out.set('price', params.priceBand);
  if (params.condition) out.set('condition', params.condition);
  if (params.sort !== 'relevance') out.set('sort', params.sort);
  if (params.page > 1) out.set('page', String(params.page));
  return out;
}

export function useMarketplaceParams() {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  const params = useMemo(() => parseParams(new URLSearchParams(key)), [key]);

  /** Any change but a page change starts again at page 1. `replace` rewrites the current history entry. */
  const update = useCallback(
    (patch: Partial<MarketplaceParams>, options: { replace?: boolean } = {}) => {
      setSearch(
        (current) => {
          const next = { ...parseParams(current), page: 1, ...patch };
          return toSearch(next);
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearch],
  );

  const clearAll = useCallback(() => setSearch(toSearch(DEFAULT_PARAMS)), [setSearch]);

  return { params, update, clearAll };
}
