/**
 * The typed event bus remotes use to tell each other what changed. One
 * instance per page (the shared package is a federation singleton); events
 * listed in CROSS_TAB_EVENTS are also relayed to the other tabs of the site,
 * so badge counts stay in sync everywhere. The bus carries events, never state:
 * it keeps no payload (server data lives in the query cache, the session in
 * the session store), so a late-loading screen reads those, not the bus.
 */
import type { AppEventName, AppEvents } from '../events';

type Handler<K extends AppEventName> = (payload: AppEvents[K]) => void;

const CROSS_TAB_EVENTS: ReadonlySet<AppEventName> = new Set<AppEventName>([
  'cart:count-changed',
  'wishlist:count-changed',
  'session:signed-out',
  'seller:status-changed',
]);
const CHANNEL_NAME = 'campus-marketplace-events';

interface Wire<K extends AppEventName = AppEventName> {
  name: K;
  payload: AppEvents[K];
}

function isWire(data: unknown): data is Wire {
  if (typeof data !== 'object' || data === null) return false;
  const { name, payload } = data as { name?: unknown; payload?: unknown };
  return typeof name === 'string' && CROSS_TAB_EVENTS.has(name as AppEventName) && typeof payload === 'object' && payload !== null;
}

export class EventBus {
  private readonly handlers = new Map<AppEventName, Set<(payload: never) => void>>();
  private channel: BroadcastChannel | null = null;

  constructor(crossTab = typeof BroadcastChannel !== 'undefined') {
    if (crossTab) {
      this.channel = new BroadcastChannel(CHANNEL_NAME);
      // In node (a remote's server renders screens with this module) an open channel would keep
      // the process alive after its servers close: node's channel can be told not to.
      (this.channel as BroadcastChannel & { unref?: () => void }).unref?.();
      this.channel.onmessage = (event: MessageEvent<unknown>) => {
        // Anything on the channel is untrusted input: relay only well-formed, relayable events.
        if (isWire(event.data)) this.deliver(event.data.name, event.data.payload);
      };
    }
  }

  /** Subscribe; returns the unsubscribe function. */
  on<K extends AppEventName>(name: K, handler: Handler<K>): () => void {
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
    }
    set.add(handler as (payload: never) => void);
    return () => set.delete(handler as (payload: never) => void);
  }

  emit<K extends AppEventName>(name: K, payload: AppEvents[K]): void {
    this.deliver(name, payload);
    if (this.channel && CROSS_TAB_EVENTS.has(name)) this.channel.postMessage({ name, payload } satisfies Wire<K>);
  }

  close(): void {
    this.channel?.close();
    this.channel = null;
    this.handlers.clear();
  }

  private deliver<K extends AppEventName>(name: K, payload: AppEvents[K]): void {
    this.handlers.get(name)?.forEach((handler) => (handler as Handler<K>)(payload));
  }
}

export const eventBus = new EventBus();
