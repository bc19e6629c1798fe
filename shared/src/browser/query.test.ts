/**
 * The page's query client starts from the data the server rendered the screen with
 * (the contract's `prerender: 'request'`), so the live screen neither shows a
 * skeleton nor asks for the same products again.
 */
import { dehydrate, QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { SERVER_QUERIES_ELEMENT_ID } from '@campus/shared/federation';
import type * as QueryModule from './query';

function pageWithServerQueries(text: string): HTMLScriptElement {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SERVER_QUERIES_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
  return element;
}

/** Whether a screen reading `queryKey` now would ask for it again (what useQuery's observer decides on mount). */
const isStale = (client: QueryClient, queryKey: QueryKey) => new QueryObserver(client, { queryKey }).getCurrentResult().isStale;

/** A fresh copy of the module: the page client is created once per page. */
function loadQueryModule(): typeof QueryModule {
  let loaded: typeof QueryModule | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<typeof QueryModule>('./query');
  });
  if (!loaded) throw new Error('query module not loaded');
  return loaded;
}

describe('the page query client', () => {
  afterEach(() => document.getElementById(SERVER_QUERIES_ELEMENT_ID)?.remove());

  it('starts from the server data in the page, fresh for a while, and takes the element out', () => {
    const server = new QueryClient();
    server.setQueryData(['search', { query: '', page: 1 }], { products: [{ name: 'Desk lamp' }] });
    const element = pageWithServerQueries(JSON.stringify(dehydrate(server)));

    const { getQueryClient } = loadQueryModule();
    const client = getQueryClient();

    expect(client.getQueryData(['search', { query: '', page: 1 }])).toEqual({ products: [{ name: 'Desk lamp' }] });
    expect(element.isConnected).toBe(false);
    expect(isStale(client, ['search', { query: '', page: 1 }])).toBe(false);
    // Any other query keeps the default: stale at once, read again on mount.
    client.setQueryData(['product', 'desk-lamp'], { name: 'Desk lamp' });
    expect(isStale(client, ['product', 'desk-lamp'])).toBe(true);
  });

  it('starts empty when the page has no server data, or data it cannot read', () => {
    pageWithServerQueries('{not json');
    const client = loadQueryModule().getQueryClient();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
