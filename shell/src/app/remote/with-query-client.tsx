/**
 * Wraps a remote's App in the page's one TanStack Query client (created on
 * first use by `@campus/shared/query`, a federation singleton, so every remote
 * and the navbar's badges share its cache). Loaded with the first remote, so
 * the landing page never downloads the query library.
 */
import type { ComponentType } from 'react';
import { QueryProvider } from '@campus/shared/query';

export function withQueryClient(App: ComponentType): ComponentType {
  function RemoteWithQueryClient() {
    return (
      <QueryProvider>
        <App />
      </QueryProvider>
    );
  }
  RemoteWithQueryClient.displayName = `WithQueryClient(${App.displayName ?? App.name ?? 'RemoteApp'})`;
  return RemoteWithQueryClient;
}
