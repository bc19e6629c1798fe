/**
 * How the shell gets a remote's routes module. The default asks Module
 * Federation; tests (and anything else) inject their own through
 * RemoteLoaderProvider.
 */
import { loadRemote } from '@module-federation/enhanced/runtime';
import { createContext, useContext, type ComponentType } from 'react';
import type { RemoteName } from '@campus/shared/runtime-config';
import { markMounted, pickUpRelease } from './release-pickup';

export interface RemoteAppModule {
  default: ComponentType;
}

export type RemoteLoader = (remote: RemoteName) => Promise<RemoteAppModule>;

/** Every remote exposes its routes as './App' (architecture brief). */
export const federationLoader: RemoteLoader = async (remote) => {
  await pickUpRelease(remote);
  const loaded = await loadRemote<RemoteAppModule>(`${remote}/App`);
  // loadRemote resolves null when an errorLoadRemote hook swallowed the failure.
  if (!loaded?.default) {
    throw new Error(`Remote "${remote}" did not provide an App component`);
  }
  markMounted(remote);
  return loaded;
};

export const RemoteLoaderContext = createContext<RemoteLoader>(federationLoader);
export const RemoteLoaderProvider = RemoteLoaderContext.Provider;

export function useRemoteLoader(): RemoteLoader {
  return useContext(RemoteLoaderContext);
}
