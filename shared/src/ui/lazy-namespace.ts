/**
 * A component namespace (Chakra's `Dialog`, with `Dialog.Root`, `Dialog.Trigger`...) whose
 * module loads on first use. Each part is a stable component that renders the real part
 * once the module is in, and suspends until then (React's `use`), so the nearest Suspense
 * boundary shows its fallback meanwhile; loading starts on the first render of any part,
 * or earlier with `load()`.
 */
import { createElement, use, type ComponentType } from 'react';

export interface LazyNamespaces<M> {
  /** The namespaces, typed as the real ones. */
  namespaces: M;
  /** Starts loading the module (once); resolves when the parts render without suspending. */
  load: () => Promise<void>;
  /** Whether the module is in. */
  isLoaded: () => boolean;
}

export function lazyNamespaces<M extends Record<string, object>>(
  names: readonly (keyof M & string)[],
  importModule: () => Promise<M>,
): LazyNamespaces<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const start = (): Promise<M> =>
    (loading ??= importModule().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed load (a dropped connection) is tried again on the next render or load().
        loading = undefined;
        throw error;
      },
    ));

  const namespaces = {} as Record<string, object>;
  for (const name of names) {
    const parts = new Map<string, ComponentType<Record<string, unknown>>>();
    namespaces[name] = new Proxy(
      {},
      {
        get(_target, key) {
          if (typeof key !== 'string') return undefined;
          let part = parts.get(key);
          if (!part) {
            const LazyPart = (props: Record<string, unknown>) => {
              const module = loaded ?? use(start());
              const real = (module[name] as Record<string, ComponentType<Record<string, unknown>>>)[key];
              if (!real) throw new Error(`${name}.${key} is not a part of ${name}`);
              return createElement(real, props);
            };
            LazyPart.displayName = `${name}.${key}`;
            part = LazyPart;
            parts.set(key, part);
          }
          return part;
        },
      },
    );
  }

  return {
    namespaces: namespaces as M,
    load: () => start().then(() => undefined),
    isLoaded: () => loaded !== undefined,
  };
}
