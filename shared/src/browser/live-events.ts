/**
 * The live event stream of a signed-in page (GET /api/v1/events/stream, docs/api.md "The event
 * stream"): one EventSource per page, opened with a ticket from POST /events/ticket because an
 * EventSource cannot send the bearer token. Each event is checked against its schema, put on the
 * bus ('messages:received', 'messages:read', 'messages:unread-total', 'orders:status-changed')
 * and applied to the query cache, so the badges, an open thread and the order lists move without
 * a reload.
 *
 * Reconnecting: the browser retries a dropped stream by itself with the same URL (and
 * Last-Event-ID). Once its ticket has expired that retry is refused and the EventSource closes;
 * then this client takes a new ticket and opens the stream again with `?lastEventId=` of the
 * last event it saw, so nothing is lost and nothing comes twice.
 *
 * The shell starts it after sign-in and it stops by itself on sign-out ('session:signed-out'
 * or the token going), so a signed-out browser holds no stream.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { API_BASE_PATH } from '../constants';
import { streamTicket } from '../endpoints/messages';
import { chatMessageSchema, type ChatMessage, type Conversation } from '../schemas/messages';
import type { AppEvents } from '../events';
import { call } from '@campus/shared/call';
import { eventBus } from '@campus/shared/event-bus';
import { getQueryClient } from '@campus/shared/query';
import { getRuntimeConfig } from '@campus/shared/runtime-config';
import { sessionStore } from '@campus/shared/session';
import { queryKeys } from './query-keys';

/** The stream's events and their data (the `event:` name → the `data:` JSON). */
export const STREAM_EVENT_SCHEMAS = {
  message: z.object({ conversationId: z.string(), message: chatMessageSchema }),
  read: z.object({ conversationId: z.string(), side: z.enum(['buyer', 'seller']), readSeq: z.number().int() }),
  'unread-total': z.object({ total: z.number().int().min(0) }),
  'order-status': z.object({ orderId: z.string(), orderCode: z.string(), status: z.string(), role: z.enum(['buyer', 'seller']) }),
} as const;
type StreamEventName = keyof typeof STREAM_EVENT_SCHEMAS;

/**
 * What a conversation's thread query holds (queryKeys.messages.thread): pages of
 * GET …/messages, the newest page first, each page's messages newest first (the API's order).
 */
export interface ThreadPage {
  conversation: Conversation;
  messages: ChatMessage[];
  hasOlder: boolean;
}
export type ThreadData = InfiniteData<ThreadPage, number | undefined>;

export interface ConversationList {
  conversations: Conversation[];
  unreadTotal: number;
}

/** A message into a cached thread (newest page, at the front), unless it is already there. */
export function withMessage(thread: ThreadData, message: ChatMessage): ThreadData {
  if (thread.pages.some((page) => page.messages.some((m) => m.id === message.id))) return thread;
  const [newest, ...older] = thread.pages;
  if (!newest) return thread;
  const conversation = { ...newest.conversation, lastMessage: message };
  return { ...thread, pages: [{ ...newest, conversation, messages: [message, ...newest.messages] }, ...older] };
}

/** Applies a `read` event to one conversation: the other side's mark (receipts), or my own unread count. */
export function withRead(conversation: Conversation, side: 'buyer' | 'seller', readSeq: number): Conversation {
  if (side !== conversation.role) return { ...conversation, otherReadSeq: Math.max(conversation.otherReadSeq, readSeq) };
  return { ...conversation, unread: 0 };
}

/** Applies the stream's events to the page's query cache (exported for tests). */
export function applyToCache(client: QueryClient, name: StreamEventName, data: unknown): void {
  switch (name) {
    case 'message': {
      const { conversationId, message } = data as AppEvents['messages:received'];
      client.setQueryData<ThreadData>(queryKeys.messages.thread(conversationId), (thread) =>
        thread ? withMessage(thread, message) : thread,
      );
      void client.invalidateQueries({ queryKey: queryKeys.messages.conversations() });
      return;
    }
    case 'read': {
      const { conversationId, side, readSeq } = data as AppEvents['messages:read'];
      client.setQueryData<ThreadData>(queryKeys.messages.thread(conversationId), (thread) =>
        thread
          ? { ...thread, pages: thread.pages.map((page) => ({ ...page, conversation: withRead(page.conversation, side, readSeq) })) }
          : thread,
      );
      client.setQueryData<ConversationList>(queryKeys.messages.conversations(), (list) =>
        list ? { ...list, conversations: list.conversations.map((c) => (c.id === conversationId ? withRead(c, side, readSeq) : c)) } : list,
      );
      return;
    }
    case 'unread-total': {
      const { total } = data as AppEvents['messages:unread-total'];
      if (client.getQueryData(queryKeys.messages.conversations())) {
        client.setQueryData<ConversationList>(queryKeys.messages.conversations(), (list) =>
          list ? { ...list, unreadTotal: total } : list,
        );
      } else {
        void client.invalidateQueries({ queryKey: queryKeys.messages.conversations() });
      }
      return;
    }
    case 'order-status': {
      void client.invalidateQueries({ queryKey: queryKeys.orders.mine() });
      void client.invalidateQueries({ queryKey: queryKeys.cart.all() });
      const sellerId = sessionStore.getState().seller?.id;
      if (sellerId) void client.invalidateQueries({ queryKey: queryKeys.seller.all(sellerId) });
      return;
    }
  }
}

function emitOnBus(name: StreamEventName, data: unknown): void {
  if (name === 'message') eventBus.emit('messages:received', data as AppEvents['messages:received']);
  else if (name === 'read') eventBus.emit('messages:read', data as AppEvents['messages:read']);
  else if (name === 'unread-total') eventBus.emit('messages:unread-total', data as AppEvents['messages:unread-total']);
  else eventBus.emit('orders:status-changed', data as AppEvents['orders:status-changed']);
}

export interface LiveEventsOptions {
  /** The page's query client (default: the shared one). */
  client?: QueryClient;
  /** The EventSource to use (tests give a fake); without one in the browser, nothing starts. */
  EventSourceImpl?: typeof EventSource;
  /** First wait before opening again after the stream closed; doubles up to 30 s. */
  reconnectDelayMs?: number;
}

const MAX_RECONNECT_DELAY_MS = 30_000;

class LiveStream {
  private source: EventSource | null = null;
  private lastEventId: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private delay: number;
  private stopped = false;
  private readonly unsubscribe: Array<() => void> = [];

  constructor(
    private readonly EventSourceImpl: typeof EventSource,
    private readonly client: () => QueryClient,
    private readonly firstDelay: number,
  ) {
    this.delay = firstDelay;
    this.unsubscribe.push(eventBus.on('session:signed-out', () => stopLiveEvents()));
    this.unsubscribe.push(
      sessionStore.subscribe((state) => {
        if (!state.token) stopLiveEvents();
      }),
    );
  }

  async open(): Promise<void> {
    if (this.stopped) return;
    let ticket: string;
    try {
      ticket = (await call(streamTicket, undefined, { skipAuthRedirect: true })).data.ticket;
    } catch {
      this.retryLater();
      return;
    }
    if (this.stopped) return;
    const url = new URL(`${getRuntimeConfig().apiBaseUrl.replace(/\/$/, '')}${API_BASE_PATH}/events/stream`);
    url.searchParams.set('ticket', ticket);
    if (this.lastEventId) url.searchParams.set('lastEventId', this.lastEventId);
    const source = new this.EventSourceImpl(url.toString());
    this.source = source;
    source.onopen = () => {
      this.delay = this.firstDelay;
    };
    source.onerror = () => {
      // CONNECTING: the browser retries by itself. CLOSED: it gave up (an expired ticket): start over.
      if (source.readyState === this.EventSourceImpl.CLOSED && this.source === source) {
        source.close();
        this.source = null;
        this.retryLater();
      }
    };
    for (const name of Object.keys(STREAM_EVENT_SCHEMAS) as StreamEventName[]) {
      source.addEventListener(name, (event) => this.receive(name, event as MessageEvent<string>));
    }
  }

  private receive(name: StreamEventName, event: MessageEvent<string>): void {
    if (this.stopped) return;
    if (event.lastEventId) this.lastEventId = event.lastEventId;
    let json: unknown;
    try {
      json = JSON.parse(event.data) as unknown;
    } catch {
      return;
    }
    const parsed = STREAM_EVENT_SCHEMAS[name].safeParse(json);
    // An event this page does not understand is left out rather than breaking the others.
    if (!parsed.success) return;
    applyToCache(this.client(), name, parsed.data);
    emitOnBus(name, parsed.data);
  }

  private retryLater(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.open();
    }, this.delay);
    this.delay = Math.min(this.delay * 2, MAX_RECONNECT_DELAY_MS);
  }

  stop(): void {
    this.stopped = true;
    this.source?.close();
    this.source = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe.splice(0).forEach((stop) => stop());
  }
}

let current: LiveStream | null = null;

/** Whether this page holds a stream (open, or opening again). */
export function liveEventsRunning(): boolean {
  return current !== null;
}

/**
 * Opens the page's one stream if it has none and the student is signed in; answers the function
 * that stops it. Calling it again while a stream runs keeps that one.
 */
export function startLiveEvents(options: LiveEventsOptions = {}): () => void {
  const EventSourceImpl = options.EventSourceImpl ?? (typeof EventSource === 'undefined' ? undefined : EventSource);
  if (!EventSourceImpl || !sessionStore.getState().token) return () => undefined;
  if (!current) {
    const client = options.client;
    current = new LiveStream(EventSourceImpl, () => client ?? getQueryClient(), options.reconnectDelayMs ?? 1000);
    void current.open();
  }
  return stopLiveEvents;
}

export function stopLiveEvents(): void {
  const stream = current;
  current = null;
  stream?.stop();
}
