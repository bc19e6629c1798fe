import { waitFor } from '@testing-library/react';
import type { InfiniteData } from '@tanstack/react-query';
import { messages } from '../endpoints';
import { createTestQueryClient, fakeApi, makeChatMessage, makeConversation, setSession, type FakeApi } from '../testing';
import { eventBus } from './event-bus';
import { liveEventsRunning, startLiveEvents, stopLiveEvents, type ConversationList, type ThreadData, type ThreadPage } from './live-events';
import { queryKeys } from './query-keys';
import { sessionStore } from './session-store';

/** An EventSource the test drives: opens, delivers named events, fails as the browser would. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(name: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }

  emit(name: string, data: unknown, id: string): void {
    const event = { data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId: id } as MessageEvent<string>;
    this.listeners.get(name)?.forEach((listener) => listener(event));
  }

  /** The browser gave up (e.g. its retry met an expired ticket). */
  giveUp(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }

  get closed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }
}

const latest = () => FakeEventSource.instances.at(-1)!;
const query = (source: FakeEventSource) => new URL(source.url).searchParams;

let api: FakeApi;
let tickets = 0;
const start = (client = createTestQueryClient()) => {
  startLiveEvents({ client, EventSourceImpl: FakeEventSource as unknown as typeof EventSource, reconnectDelayMs: 10 });
  return client;
};

beforeEach(() => {
  FakeEventSource.instances = [];
  tickets = 0;
  api = fakeApi().on(messages.streamTicket, () => {
    tickets += 1;
    return { status: 200, body: { data: { ticket: `ticket-${tickets}`, expiresAt: '2026-11-23T10:01:00.000Z' } } };
  });
  setSession('seller');
});
afterEach(() => {
  stopLiveEvents();
  api.restore();
  localStorage.clear();
});

describe('the live event stream', () => {
  it('opens one EventSource per page with a ticket from POST /events/ticket', async () => {
    start();
    start();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(latest().url).toBe('http://api.test/api/v1/events/stream?ticket=ticket-1');
    expect(api.calls(messages.streamTicket)).toHaveLength(1);
  });

  it('opens nothing while signed out', async () => {
    setSession('guest');
    start();
    await new Promise((r) => setTimeout(r, 20));
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(api.requests).toHaveLength(0);
    expect(liveEventsRunning()).toBe(false);
  });

  it('puts each event on the bus, checked against its schema', async () => {
    start();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const received: unknown[] = [];
    const stops = [
      eventBus.on('messages:received', (e) => received.push(['received', e.message.id])),
      eventBus.on('messages:read', (e) => received.push(['read', e.readSeq])),
      eventBus.on('messages:unread-total', (e) => received.push(['total', e.total])),
      eventBus.on('orders:status-changed', (e) => received.push(['order', e.status])),
    ];
    const source = latest();
    source.open();
    source.emit('message', { conversationId: 'conv-1', message: makeChatMessage({ id: 'm9' }) }, '1');
    source.emit('message', { conversationId: 'conv-1', message: { id: 'broken' } }, '2');
    source.emit('read', 'not json', '3');
    source.emit('read', { conversationId: 'conv-1', side: 'seller', readSeq: 4 }, '4');
    source.emit('unread-total', { total: 2 }, '5');
    source.emit('order-status', { orderId: 'o1', orderCode: 'ORD-1', status: 'COMPLETED', role: 'buyer' }, '6');
    stops.forEach((stop) => stop());
    expect(received).toEqual([
      ['received', 'm9'],
      ['read', 4],
      ['total', 2],
      ['order', 'COMPLETED'],
    ]);
  });

  it('keeps the query cache right: a message joins an open thread once, read receipts and the unread total follow', async () => {
    const client = createTestQueryClient();
    const page: ThreadPage = { conversation: makeConversation({ otherReadSeq: 0 }), messages: [makeChatMessage()], hasOlder: false };
    client.setQueryData<ThreadData>(queryKeys.messages.thread('conv-1'), { pages: [page], pageParams: [undefined] });
    client.setQueryData<ConversationList>(queryKeys.messages.conversations(), { conversations: [makeConversation()], unreadTotal: 0 });
    start(client);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = latest();
    const reply = makeChatMessage({ id: 'm2', seq: 2, senderId: 'seller-user', from: 'seller', text: 'Yes' });
    source.emit('message', { conversationId: 'conv-1', message: reply }, '1');
    // The list is read again (its last message and unread count are the API's to say).
    expect(client.getQueryState(queryKeys.messages.conversations())?.isInvalidated).toBe(true);
    source.emit('message', { conversationId: 'conv-1', message: reply }, '2');
    source.emit('read', { conversationId: 'conv-1', side: 'seller', readSeq: 1 }, '3');
    source.emit('unread-total', { total: 1 }, '4');
    const thread = client.getQueryData<InfiniteData<ThreadPage>>(queryKeys.messages.thread('conv-1'))!;
    expect(thread.pages[0]!.messages.map((m) => m.id)).toEqual(['m2', 'msg-1']);
    expect(thread.pages[0]!.conversation.otherReadSeq).toBe(1);
    const list = client.getQueryData<ConversationList>(queryKeys.messages.conversations())!;
    expect(list.unreadTotal).toBe(1);
    expect(list.conversations[0]!.otherReadSeq).toBe(1);
  });

  it("marks the buyer's orders, the cart and the seller's store stale on an order status change", async () => {
    const client = createTestQueryClient();
    const sellerId = sessionStore.getState().seller!.id;
    client.setQueryData(queryKeys.orders.mine(), []);
    client.setQueryData(queryKeys.cart.all(), {});
    client.setQueryData(queryKeys.seller.orders(sellerId, 1), []);
    client.setQueryData(queryKeys.categories.all(), []);
    start(client);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    latest().emit('order-status', { orderId: 'o1', orderCode: 'ORD-1', status: 'COMPLETED', role: 'seller' }, '1');
    expect(client.getQueryState(queryKeys.orders.mine())?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.cart.all())?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.seller.orders(sellerId, 1))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.categories.all())?.isInvalidated).toBe(false);
  });

  it('lets the browser retry by itself, and once it gives up opens again with a new ticket and the last event id', async () => {
    start();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const first = latest();
    first.open();
    first.emit('unread-total', { total: 1 }, '41');
    first.emit('unread-total', { total: 2 }, '42');
    // CONNECTING: the browser's own retry (same URL, Last-Event-ID): nothing to do.
    first.readyState = FakeEventSource.CONNECTING;
    first.onerror?.();
    await new Promise((r) => setTimeout(r, 30));
    expect(FakeEventSource.instances).toHaveLength(1);
    first.giveUp();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(query(latest()).get('ticket')).toBe('ticket-2');
    expect(query(latest()).get('lastEventId')).toBe('42');
  });

  it('tries again later when the ticket cannot be had', async () => {
    api.once(messages.streamTicket, 'network-error');
    start();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(api.calls(messages.streamTicket)).toHaveLength(2);
  });

  it('closes on sign-out (the bus event, or the token going), so a signed-out browser holds no stream', async () => {
    start();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    eventBus.emit('session:signed-out', {});
    expect(latest().closed).toBe(true);
    expect(liveEventsRunning()).toBe(false);

    start();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    sessionStore.setState({ token: null, user: null });
    expect(latest().closed).toBe(true);
    expect(liveEventsRunning()).toBe(false);
    // Closed for good: a late failure of the old stream opens nothing.
    latest().giveUp();
    await new Promise((r) => setTimeout(r, 30));
    expect(FakeEventSource.instances).toHaveLength(2);
  });
});
