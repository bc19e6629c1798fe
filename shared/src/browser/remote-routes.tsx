/**
 * A remote's './App' body: the remote's screens from the federation contract
 * (`REMOTES` in @campus/shared/federation), each mapped to its element, as
 * react-router <Routes> with the absolute spec paths. The shell mounts the
 * remote under a pathless layout route, so these match the browser URL.
 * `screens` must name an element for every screen id of the remote (the type
 * says so, and each remote's App test checks it at run time).
 */
import { createElement, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { REMOTES, type RemoteName, type ScreenId } from '../federation';

export type ScreenMap<R extends RemoteName> = { readonly [K in ScreenId<R>]: ComponentType };

export function RemoteRoutes<R extends RemoteName>({ remote, screens }: { remote: R; screens: ScreenMap<R> }) {
  return (
    <Routes>
      {REMOTES[remote].screens.map((screen) => (
        <Route key={screen.id} path={screen.path} element={createElement(screens[screen.id as ScreenId<R>])} />
      ))}
    </Routes>
  );
}

/** A concrete URL for a screen's path pattern (`/product/:slug` -> `/product/test-slug`), for tests and links. */
export function sampleUrl(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => `test-${name}`);
}
