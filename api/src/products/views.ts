/**
 * Product page views ("impressions"), counted once per viewer per product per
 * UTC day, cheaply and privately:
 * - cheap: a view is noted in memory and the notes are written in batches
 *   (every few seconds, at a thousand notes, and at shutdown) with ON CONFLICT
 *   DO NOTHING on the day's dedupe rows, so a view never waits for a write;
 * - private: the dedupe rows hold a keyed hash of the day and the viewer, and
 *   are deleted once their day is over; only per-product daily counts stay,
 *   for the analytics window;
 * - bounded: one client (a student, a visitor key, an address) gets at most
 *   VIEWS_PER_CLIENT_PER_DAY counted views a day on this instance, so a script
 *   that makes up visitor keys cannot inflate a store's figures.
 */
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { countNewViews, pruneDailyViews, pruneSeenViews, type SeenView } from './views-repository';

/** Counted views a day per client (student, visitor key, address). */
export const VIEWS_PER_CLIENT_PER_DAY = 200;
export const VIEWS_FLUSH_EVERY_MS = 5_000;
/** Daily counts older than this are deleted (a term and a bit). */
export const VIEWS_KEPT_DAYS = 120;
const FLUSH_AT = 1_000;
const DAY_MS = 86_400_000;

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

export interface ProductViewsDeps {
  db: Db;
  clock: Clock;
  /** Keys the viewer hash (the installation's own secret). */
  secret: string;
  log: FastifyBaseLogger;
  perClientPerDay?: number;
}

export class ProductViews {
  private pending = new Map<string, SeenView>();
  private perClient = new Map<string, number>();
  private capDay = '';
  private prunedDay = '';
  private writing: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: ProductViewsDeps) {}

  /**
   * Notes a view of `productId` by `viewerKey` (counted once a day), charged
   * to each of `clientKeys` (the viewer and their address). False when one of
   * them has used up its day.
   */
  record(productId: string, viewerKey: string, clientKeys: readonly string[], at: Date = this.deps.clock.now()): boolean {
    const day = utcDay(at);
    if (day !== this.capDay) {
      this.perClient.clear();
      this.capDay = day;
    }
    const viewerHash = createHmac('sha256', this.deps.secret).update(`${day}:${viewerKey}`).digest('base64url');
    const key = `${day}|${productId}|${viewerHash}`;
    if (this.pending.has(key)) return true;
    const cap = this.deps.perClientPerDay ?? VIEWS_PER_CLIENT_PER_DAY;
    if (clientKeys.some((c) => (this.perClient.get(c) ?? 0) >= cap)) return false;
    for (const c of clientKeys) this.perClient.set(c, (this.perClient.get(c) ?? 0) + 1);
    this.pending.set(key, { day, productId, viewerHash });
    if (this.pending.size >= FLUSH_AT) void this.flush();
    return true;
  }

  /** Writes the notes taken so far (one batch at a time); answers how many views were new. */
  flush(): Promise<number> {
    const run = this.writing.then(async () => {
      const batch = [...this.pending.values()];
      this.pending = new Map();
      const now = this.deps.clock.now();
      const today = utcDay(now);
      const counted = await countNewViews(this.deps.db, batch);
      // After the write: a batch that held a view from before midnight leaves no dedupe row of that day either.
      await pruneSeenViews(this.deps.db, today);
      if (today !== this.prunedDay) {
        await pruneDailyViews(this.deps.db, utcDay(new Date(now.getTime() - VIEWS_KEPT_DAYS * DAY_MS)));
        this.prunedDay = today;
      }
      return counted;
    });
    this.writing = run.catch((error: unknown) => this.deps.log.warn({ err: error }, 'product views not written; this batch is lost'));
    return run;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => undefined), VIEWS_FLUSH_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch(() => undefined);
  }
}
