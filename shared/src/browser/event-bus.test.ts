import { EventBus } from './event-bus';

/**
 * An in-memory BroadcastChannel: like the real one, a message reaches every
 * other channel of the same name, never the sender, asynchronously.
 */
class FakeBroadcastChannel {
  static open = new Set<FakeBroadcastChannel>();
  static posted: unknown[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly name: string) {
    FakeBroadcastChannel.open.add(this);
  }

  postMessage(data: unknown): void {
    FakeBroadcastChannel.posted.push(data);
    const copy = structuredClone(data);
    for (const other of FakeBroadcastChannel.open) {
      if (other !== this && other.name === this.name) {
        queueMicrotask(() => other.onmessage?.(new MessageEvent('message', { data: copy })));
      }
    }
  }

  close(): void {
    FakeBroadcastChannel.open.delete(this);
  }
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('EventBus in one tab', () => {
  it('delivers a payload to subscribers until they unsubscribe', () => {
    const bus = new EventBus(false);
    const handler = jest.fn();
    const off = bus.on('cart:count-changed', handler);
    bus.emit('cart:count-changed', { count: 3 });
    expect(handler).toHaveBeenCalledWith({ count: 3 });
    off();
    bus.emit('cart:count-changed', { count: 4 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('only calls handlers of the emitted event', () => {
    const bus = new EventBus(false);
    const cart = jest.fn();
    const wishlist = jest.fn();
    bus.on('cart:count-changed', cart);
    bus.on('wishlist:count-changed', wishlist);
    bus.emit('wishlist:count-changed', { count: 1 });
    expect(cart).not.toHaveBeenCalled();
    expect(wishlist).toHaveBeenCalledWith({ count: 1 });
  });

  it('keeps no copy of a payload: an event reaches only those listening when it is emitted', () => {
    const bus = new EventBus(false);
    bus.emit('cart:count-changed', { count: 2 });
    const late = jest.fn();
    bus.on('cart:count-changed', late);
    expect(late).not.toHaveBeenCalled();
  });

  it('lets one handler unsubscribe without disturbing others', () => {
    const bus = new EventBus(false);
    const a = jest.fn();
    const b = jest.fn();
    const offA = bus.on('order:completion-requested', a);
    bus.on('order:completion-requested', b);
    offA();
    bus.emit('order:completion-requested', {});
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
  });
});

describe('EventBus across tabs', () => {
  const realChannel = globalThis.BroadcastChannel;
  beforeEach(() => {
    FakeBroadcastChannel.open.clear();
    FakeBroadcastChannel.posted = [];
    globalThis.BroadcastChannel = FakeBroadcastChannel as unknown as typeof BroadcastChannel;
  });
  afterEach(() => {
    globalThis.BroadcastChannel = realChannel;
  });

  it('relays count changes to the other tab', async () => {
    const tabA = new EventBus(true);
    const tabB = new EventBus(true);
    const inA = jest.fn();
    const inB = jest.fn();
    tabA.on('cart:count-changed', inA);
    tabB.on('cart:count-changed', inB);

    tabA.emit('cart:count-changed', { count: 7 });
    await flush();

    expect(inB).toHaveBeenCalledWith({ count: 7 });
    // The sender hears its own event once, not again through the channel.
    expect(inA).toHaveBeenCalledTimes(1);
    tabA.close();
    tabB.close();
  });

  it('does not echo a relayed event back (no ping-pong between tabs)', async () => {
    const tabA = new EventBus(true);
    const tabB = new EventBus(true);
    const inB = jest.fn();
    tabB.on('wishlist:count-changed', inB);
    tabA.emit('wishlist:count-changed', { count: 1 });
    await flush();
    await flush();
    expect(FakeBroadcastChannel.posted).toHaveLength(1);
    expect(inB).toHaveBeenCalledWith({ count: 1 });
    tabA.close();
    tabB.close();
  });

  it('relays session sign-out and seller status, but keeps page-local events local', async () => {
    const tabA = new EventBus(true);
    const tabB = new EventBus(true);
    const signedOut = jest.fn();
    const completion = jest.fn();
    tabB.on('session:signed-out', signedOut);
    tabB.on('order:completion-requested', completion);

    tabA.emit('session:signed-out', {});
    tabA.emit('order:completion-requested', {});
    await flush();

    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(completion).not.toHaveBeenCalled();
    tabA.close();
    tabB.close();
  });

  it('ignores malformed or non-relayable messages from the channel', async () => {
    const tabB = new EventBus(true);
    const completion = jest.fn();
    tabB.on('order:completion-requested', completion);
    const stranger = new FakeBroadcastChannel('campus-marketplace-events');
    stranger.postMessage({ name: 'order:completion-requested', payload: {} });
    stranger.postMessage('garbage');
    stranger.postMessage(null);
    await flush();
    expect(completion).not.toHaveBeenCalled();
    tabB.close();
  });

  it('stops relaying after close()', async () => {
    const tabA = new EventBus(true);
    const tabB = new EventBus(true);
    const inB = jest.fn();
    tabB.on('cart:count-changed', inB);
    tabB.close();
    tabA.emit('cart:count-changed', { count: 9 });
    await flush();
    expect(inB).not.toHaveBeenCalled();
    tabA.close();
  });
});
