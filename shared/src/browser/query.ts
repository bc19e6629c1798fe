/**
 * The one server-data layer: a TanStack Query client per page. `@campus/shared`
 * is a federation singleton, so the client the shell creates first is the one
 * every remote uses (a remote started alone creates its own the same way).
 * Nothing on the landing page's first render imports this module.
 *
 * The previous student's data never outlives their session: signing out or in
 * drops it and reads what is on screen again.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { readApiError } from '@campus/shared/api-client';
import { eventBus } from '@campus/shared/event-bus';

/** Retry a read once on a network error or a 5xx; never on a 4xx (it would only fail again). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const { status, kind } = readApiError(error);
  if (status !== undefined && status < 500) return false;
  return failureCount < 1 && (kind === 'network' || kind === 'timeout' || (status ?? 0) >= 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

let client: QueryClient | null = null;

export function getQueryClient(): QueryClient {
  client ??= createQueryClient();
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
