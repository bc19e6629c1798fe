/**
 * The open event streams of this API instance and how they are woken. A
 * wake-up names a user; each of that user's streams reads its events after
 * the last id it sent (event-repository.ts), so a duplicate or late wake-up sends
 * nothing twice and a missed one is made up by the next. A `session:` wake-up
 * makes the user's streams check their sessions: one that was signed out
 * (or ended by a password change) closes at once.
 *
 * Wake-ups travel as wakeup-repository.ts says: PostgreSQL LISTEN/NOTIFY (PGlite
 * in-process), or with REDIS_URL Redis pub/sub, published after commit, for
 * every domain's events alike (messages and order status changes). Every
 * instance still LISTENs (a process without Redis may NOTIFY). When the
 * LISTEN connection or the Redis subscription drops, every stream catches up
 * once it is back.
 */
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { EventRow } from '../db/schema';
import { eventsAfterEach } from './event-repository';
import { EVENTS_CHANNEL, notifyWakeups, parseWakeup, publishAfterCommit, stopPublishingAfterCommit } from './wakeup-repository';

const REDIS_CHANNEL = 'campus:events';
const RELISTEN_MS = 1000;
/** Streams read together in one statement at most (every stream woken in one turn of the event loop is batched). */
const READ_BATCH = 200;
const READ_LIMIT = 500;

interface PendingRead {
  userId: string;
  afterId: number;
  resolve: (rows: EventRow[]) => void;
  reject: (error: unknown) => void;
}

export interface OpenStream {
  readonly userId: string;
  /** The session that opened it: the stream ends with it. */
  readonly sessionId: string;
  lastId: number;
}

/** Of these session ids, the ones still signed in (accounts answers). */
export type LiveSessions = (sessionIds: readonly string[]) => Promise<Set<string>>;

interface StreamState extends OpenStream {
  /** Resolves once the event is written (a slow reader holds back only its own stream). */
  send: (event: EventRow) => void | Promise<void>;
  end: () => void;
  pumping: boolean;
  again: boolean;
  closed: boolean;
}

export class EventHub {
  private readonly streams = new Map<string, Set<StreamState>>();
  private stopListening: (() => Promise<void>) | null = null;
  private relistenTimer: NodeJS.Timeout | null = null;
  private redisSub: Redis | null = null;
  private redisPub: Redis | null = null;
  private stopped = false;
  private pendingReads: PendingRead[] = [];

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly redisUrl: string | null,
    private readonly liveSessions: LiveSessions,
  ) {}

  /** True when wake-ups are published on Redis after commit (and transactions send no NOTIFY). */
  get viaRedis(): boolean {
    return this.redisPub !== null;
  }

  get openStreams(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  async start(): Promise<void> {
    await this.listen();
    if (this.redisUrl) {
      const options = { maxRetriesPerRequest: 1, lazyConnect: true } as const;
      this.redisSub = new Redis(this.redisUrl, options);
      this.redisPub = new Redis(this.redisUrl, options);
      for (const r of [this.redisSub, this.redisPub])
        r.on('error', (error: Error) => this.log.warn({ err: error }, 'Redis (event stream) connection error'));
      await Promise.all([this.redisSub.connect(), this.redisPub.connect()]);
      this.redisSub.on('message', (_channel: string, payload: string) => this.onWakeup(payload));
      // A resubscribe after a reconnect may have missed wake-ups: every stream catches up.
      this.redisSub.on('ready', () => this.wakeAll());
      await this.redisSub.subscribe(REDIS_CHANNEL);
      publishAfterCommit(this.database.db, (wakeups) => this.publish(wakeups));
    }
  }

  private onWakeup(payload: string): void {
    const wakeup = parseWakeup(payload);
    if (wakeup.kind === 'user') this.wake(wakeup.userId);
    else void this.endSignedOut(wakeup.userId);
  }

  /** Closes the user's streams whose session is no longer signed in. */
  private async endSignedOut(userId: string): Promise<void> {
    const mine = [...(this.streams.get(userId) ?? [])];
    if (mine.length === 0) return;
    try {
      const live = await this.liveSessions([...new Set(mine.map((s) => s.sessionId))]);
      for (const stream of mine) if (!live.has(stream.sessionId)) stream.end();
    } catch (error) {
      if (!this.stopped) this.log.warn({ err: error }, 'event stream session check failed');
    }
  }

  private async listen(): Promise<void> {
    this.stopListening = await this.database.listen(
      EVENTS_CHANNEL,
      (payload) => this.onWakeup(payload),
      (error) => {
        this.log.warn({ err: error }, 'event stream LISTEN connection lost; listening again');
        const stop = this.stopListening;
        this.stopListening = null;
        void stop?.();
        this.scheduleRelisten();
      },
    );
  }

  private scheduleRelisten(): void {
    if (this.stopped || this.relistenTimer) return;
    this.relistenTimer = setTimeout(() => {
      this.relistenTimer = null;
      this.listen()
        .then(() => this.wakeAll())
        .catch((error: unknown) => {
          this.log.warn({ err: error }, 'event stream LISTEN failed; trying again');
          this.scheduleRelisten();
        });
    }, RELISTEN_MS);
  }

  /** Wakes streams on every instance for a change already committed (wakeup-repository.ts); logs a failure, never throws. */
  async publish(wakeups: readonly string[]): Promise<void> {
    try {
      if (this.redisPub) {
        const pipeline = this.redisPub.pipeline();
        for (const wakeup of wakeups) pipeline.publish(REDIS_CHANNEL, wakeup);
        await pipeline.exec();
      } else {
        await notifyWakeups(this.database.db, wakeups);
      }
    } catch (error) {
      if (!this.stopped) this.log.warn({ err: error }, 'event stream wake-up not published');
    }
  }

  /** Registers a stream that has sent everything up to `lastId`, and sends what came after at once. */
  open(userId: string, sessionId: string, lastId: number, send: (event: EventRow) => void | Promise<void>, end: () => void): OpenStream {
    const state: StreamState = { userId, sessionId, lastId, send, end, pumping: false, again: false, closed: false };
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(state);
    this.pump(state);
    return state;
  }

  close(stream: OpenStream): void {
    const state = stream as StreamState;
    state.closed = true;
    const set = this.streams.get(state.userId);
    set?.delete(state);
    if (set?.size === 0) this.streams.delete(state.userId);
  }

  wake(userId: string): void {
    for (const state of this.streams.get(userId) ?? []) this.pump(state);
  }

  wakeAll(): void {
    for (const userId of this.streams.keys()) this.wake(userId);
  }

  /** One reader per stream at a time; a wake-up meanwhile makes it read again. */
  private pump(state: StreamState): void {
    if (state.pumping) {
      state.again = true;
      return;
    }
    state.pumping = true;
    void (async () => {
      try {
        do {
          state.again = false;
          if (state.closed) break;
          const rows = await this.read(state.userId, state.lastId);
          for (const row of rows) {
            if (state.closed) break;
            await state.send(row);
            state.lastId = row.id;
          }
          if (rows.length === READ_LIMIT) state.again = true;
        } while (state.again);
      } catch (error) {
        if (!this.stopped) this.log.warn({ err: error }, 'event stream read failed');
      } finally {
        state.pumping = false;
      }
    })();
  }

  /**
   * The user's events after `afterId`. Reads asked in the same turn of the event loop (a wake-up of a user
   * with several tabs, every stream after a reconnect) go to the database as one statement.
   */
  private read(userId: string, afterId: number): Promise<EventRow[]> {
    return new Promise((resolve, reject) => {
      if (this.pendingReads.length === 0) setImmediate(() => void this.flushReads());
      this.pendingReads.push({ userId, afterId, resolve, reject });
    });
  }

  private async flushReads(): Promise<void> {
    const pending = this.pendingReads;
    this.pendingReads = [];
    for (let from = 0; from < pending.length; from += READ_BATCH) {
      const batch = pending.slice(from, from + READ_BATCH);
      // Tabs of one user at the same point share a request.
      const keyOf = (r: PendingRead) => `${r.afterId}:${r.userId}`;
      const requests = [...new Map(batch.map((r) => [keyOf(r), { userId: r.userId, afterId: r.afterId }])).entries()];
      try {
        const lists = await eventsAfterEach(
          this.database.db,
          requests.map(([, r]) => r),
          READ_LIMIT,
        );
        const byKey = new Map(requests.map(([key], i) => [key, lists[i] ?? []]));
        for (const r of batch) r.resolve(byKey.get(keyOf(r)) ?? []);
      } catch (error) {
        for (const r of batch) r.reject(error);
      }
    }
  }

  /**
   * Ends the streams whose session ran out without a sign-out (expired, not revoked): sign-outs close
   * theirs at once through a wake-up; expiry sends none, so the plugin runs this every minute. Answers how
   * many it ended. A browser whose session it renewed opens its stream again from its last event.
   */
  async endExpired(): Promise<number> {
    const open = [...this.streams.values()].flatMap((set) => [...set]);
    const sessionIds = [...new Set(open.map((s) => s.sessionId))];
    const live = new Set<string>();
    for (let from = 0; from < sessionIds.length; from += 500)
      for (const id of await this.liveSessions(sessionIds.slice(from, from + 500))) live.add(id);
    let ended = 0;
    for (const stream of open)
      if (!stream.closed && !live.has(stream.sessionId)) {
        stream.end();
        ended += 1;
      }
    return ended;
  }

  /** Ends every open stream (the server is closing: they would hold it open). */
  endAll(): void {
    for (const set of [...this.streams.values()]) for (const s of [...set]) s.end();
    this.streams.clear();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.redisPub) stopPublishingAfterCommit(this.database.db);
    if (this.relistenTimer) clearTimeout(this.relistenTimer);
    this.endAll();
    await this.stopListening?.().catch(() => undefined);
    for (const r of [this.redisSub, this.redisPub]) {
      if (!r) continue;
      if (r.status === 'ready') await r.quit().catch(() => r.disconnect());
      else r.disconnect();
    }
  }
}
