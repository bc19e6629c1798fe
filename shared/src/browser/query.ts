/**
 * The one server-data layer: a TanStack Query client per page. `@campus/shared`
 * is a federation singleton, so the client the shell creates first is the one
 * every remote uses (a remote started alone creates its own the same way).
 * Nothing on the landing page's first render imports this module.
 *
 * The previous student's data never outlives their session: signing out or in
 * drops it and reads what is on screen again.
 */
import { hydrate, QueryClient, QueryClientProvider, type DehydratedState, type Query } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { readApiError } from './api-error';
import { eventBus } from '@campus/shared/event-bus';
import { SERVER_QUERIES_ELEMENT_ID } from '@campus/shared/federation';

/** Retry a read once on a network error or a 5xx; never on a 4xx (it would only fail again). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const { status, kind } = readApiError(error);
  if (status !== undefined && status < 500) return false;
  return failureCount < 1 && (kind === 'network' || kind === 'timeout' || (status ?? 0) >= 500);
}

/**
 * A query's `meta` when it reads the signed-in student's own data (cart, wishlist): a screen
 * rendered on the server, which has no session, leaves it unread, as the browser finds it
 * before its first answer, and never puts it in the page.
 */
export const SESSION_READ = { readsSession: true } as const;

export const readsSession = (query: Pick<Query, 'meta'>): boolean => query.meta?.readsSession === true;

/**
 * How long the data a screen was rendered with on the server counts as fresh in the browser.
 * Without it the live screen would ask again the moment it mounts, and draw the whole list
 * twice more (fetching, then fetched) in one long task at start-up, for the same products.
 */
export const SERVER_DATA_FRESH_MS = 30_000;

/** The queries the page came with (below): fresh for SERVER_DATA_FRESH_MS after the server read them; any other query is stale at once. */
const fromServer = new WeakSet<Query>();

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: (query) => (fromServer.has(query) ? SERVER_DATA_FRESH_MS : 0),
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The data a screen rendered per request was drawn with (the contract's `prerender: 'request'`),
 * which the shell's server put in the page as TanStack Query's dehydrated state: read once.
 */
function takeServerQueries(): DehydratedState | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(SERVER_QUERIES_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as DehydratedState;
  } catch {
    return null;
  }
}

/** A page's client, starting from the data its screen came with, so the live screen does not ask for it again. */
function createPageQueryClient(): QueryClient {
  const pageClient = createQueryClient();
  const state = takeServerQueries();
  if (state) {
    hydrate(pageClient, state);
    for (const { queryHash } of state.queries) {
      const query = pageClient.getQueryCache().get(queryHash);
      if (query) fromServer.add(query);
    }
  }
  return pageClient;
}

let client: QueryClient | null = null;

export function getQueryClient(): QueryClient {
  client ??= createPageQueryClient();
  return client;
}

/** Tests give each render a fresh client. */
export function setQueryClient(next: QueryClient): void {
  client = next;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return createElement(QueryClientProvider, { client: getQueryClient() }, children);
}

/**
 * The session changed hands: what nobody shows is dropped, what is on screen
 * is reset and read again for the new student (or as a guest). `clear()` would
 * leave the screens' observers on queries that are no longer in the cache,
 * pending for ever (a 401 mid-read clears the session during the read).
 */
function forgetPreviousStudent(): void {
  if (!client) return;
  client.removeQueries({ type: 'inactive' });
  void client.resetQueries({ type: 'active' });
}

eventBus.on('session:signed-out', forgetPreviousStudent);
eventBus.on('session:signed-in', forgetPreviousStudent);
