/**
 * A zod schema built on first use. The contract declares a few hundred
 * schemas; building them all when the module is evaluated cost 60-110 ms of
 * a page's start-up main thread, though a page uses a handful. `lazySchema`
 * returns a stand-in typed as the schema itself: the first property read
 * (`.parse`, `.extend`, zod's own `_zod` when another schema composes it or
 * `toJSONSchema` walks it) builds it once, in place.
 *
 * Why a Proxy rather than `z.lazy`: `z.lazy` changes the type (no `.shape`,
 * `.extend`, `.options`), so every export would change for the apps; getters
 * in `z.object` only defer fields, the object is still built. The target is a
 * plain object so `typeof` stays 'object' (the contract tells a body factory
 * from a body schema by `typeof`).
 */
import type { z } from 'zod';

let built = 0;

/** How many lazy schemas have been built in this process (for tests). */
export function lazySchemasBuilt(): number {
  return built;
}

export function lazySchema<S extends z.ZodType>(build: () => S): S {
  // The stand-in becomes the schema: zod's instances keep closures over
  // themselves (toJSONSchema looks a schema up by identity), so forwarding to
  // another instance would not do. On first use the schema is built, then its
  // constructor runs again with the stand-in as the instance and the same
  // definition (how zod itself clones a schema).
  const target = {} as S;
  let state: 'lazy' | 'building' | 'built' = 'lazy';
  const ensureBuilt = (): void => {
    if (state !== 'lazy') return;
    state = 'building';
    const model = build();
    Object.setPrototypeOf(target, Object.getPrototypeOf(model));
    (model._zod.constr as unknown as (this: S, def: unknown) => S).call(standIn, model._zod.def);
    state = 'built';
    built += 1;
  };
  const standIn: S = new Proxy(target, {
    get: (t, key, receiver) => (ensureBuilt(), Reflect.get(t, key, receiver)),
    set: (t, key, value, receiver) => (ensureBuilt(), Reflect.set(t, key, value, receiver)),
    has: (t, key) => (ensureBuilt(), Reflect.has(t, key)),
    ownKeys: (t) => (ensureBuilt(), Reflect.ownKeys(t)),
    getOwnPropertyDescriptor: (t, key) => (ensureBuilt(), Reflect.getOwnPropertyDescriptor(t, key)),
    defineProperty: (t, key, descriptor) => (ensureBuilt(), Reflect.defineProperty(t, key, descriptor)),
    deleteProperty: (t, key) => (ensureBuilt(), Reflect.deleteProperty(t, key)),
    getPrototypeOf: (t) => (ensureBuilt(), Reflect.getPrototypeOf(t)),
  });
  return standIn;
}
