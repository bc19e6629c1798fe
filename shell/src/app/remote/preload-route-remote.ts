/**
 * Starts loading the remote the first route needs beside hydration, not after
 * it (no waterfall): left to RemoteRoute, the remote's manifest,
 * entry and screen are asked for only once the page has hydrated and the
 * session has been read. Module Federation keeps what it loaded, so
 * RemoteRoute's own load finds it done or under way.
 */
import { matchPath } from 'react-router-dom';
import { STORAGE_KEYS } from '@campus/shared/storage';
import { REMOTE_ROUTE_GROUPS } from '../routing/route-table';
import type { RemoteLoader } from './remote-loader';

/** The remote that renders `pathname`, if the guard will let this visitor see it. */
export function remoteForFirstRoute(pathname: string, hasToken: boolean) {
  const group = REMOTE_ROUTE_GROUPS.find((g) => g.paths.some((pattern) => matchPath(pattern, pathname)));
  if (!group) return undefined;
  if (group.access === 'guest-only' && hasToken) return undefined;
  if (group.access !== 'public' && group.access !== 'guest-only' && !hasToken) return undefined;
  return group.remote;
}

export function preloadFirstRouteRemote(loader: RemoteLoader, pathname = window.location.pathname): void {
  const remote = remoteForFirstRoute(pathname, localStorage.getItem(STORAGE_KEYS.token) !== null);
  if (!remote) return;
  // Failures are RemoteRoute's to show (with Retry); this is only a head start.
  loader(remote).catch(() => undefined);
  import(/* webpackChunkName: "query-client" */ './with-query-client').catch(() => undefined);
}
