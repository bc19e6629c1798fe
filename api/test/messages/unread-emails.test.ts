/**
 * E-mails about unread messages: one per conversation once a message from the
 * other side has been unread for 15 minutes, with a link to the thread; no
 * second one for the same conversation until the student has read it; none
 * for a message read in time or for a student who turned them off; two runs
 * at once queue one. The settings endpoints (GET/PUT /messages/settings).
 */
import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conversationHref } from '@campus/shared/federation';
import { outboxEmails } from '../../src/db/schema';
import { ManualClock } from '../../src/lib/clock';
import { emailUnreadMessages, type QueueEmail } from '../../src/messages';
import { queueEmail } from '../../src/money';
import type { MailMessage } from '../../src/plugins/mailer';
import { catalogueTestApp, send } from '../catalogue-helpers';
import { buyerAndStore, conversationId, say, type Pair } from './harness';

jest.setTimeout(120_000);

const MINUTE = 60_000;
const clock = new ManualClock(new Date('2026-11-26T09:00:00Z'));
let app: FastifyInstance;

beforeAll(async () => {
  app = await catalogueTestApp({}, { clock });
});
afterAll(async () => app.close());

const queued: MailMessage[] = [];
const recording: QueueEmail = async (tx, key, message, now) => {
  queued.push(message);
  await queueEmail(tx, key, message, now);
};
const run = () => emailUnreadMessages(app.db, app.config, recording, clock.now());
/** E-mails queued about one conversation (by its link: a shared PostgreSQL holds other test files' conversations too). */
const queuedFor = (conversation: string) => queued.filter((m) => m.text.includes(conversationHref({ conversationId: conversation })));

/** The unread e-mails queued in the outbox for one conversation. */
async function outboxFor(conversation: string) {
  return app.db
    .select({ to: outboxEmails.to, key: outboxEmails.dedupeKey })
    .from(outboxEmails)
    .where(like(outboxEmails.dedupeKey, `unread:${conversation}:%`));
}

async function freshConversation(): Promise<{ pair: Pair; id: string }> {
  const pair = await buyerAndStore(app);
  return { pair, id: await conversationId(app, pair.buyer.token, { productId: pair.productId }) };
}

const markRead = (token: string, id: string) => send(app, 'POST', `/messages/conversations/${id}/read`, token);

test('none before 15 minutes; then one e-mail per conversation with a link to the thread; the next only after the student read it', async () => {
  const { pair, id } = await freshConversation();
  await say(app, pair.buyer.token, id, 'Is it still available?');
  clock.advance(14 * MINUTE);
  await run();
  expect(queuedFor(id)).toHaveLength(0);
  clock.advance(MINUTE + 1000);
  await run();
  expect(queuedFor(id)).toHaveLength(1);
  expect(await outboxFor(id)).toEqual([expect.objectContaining({ to: pair.seller.email })]);
  expect(queuedFor(id)[0]?.text).toContain(`${app.config.appUrl}${conversationHref({ conversationId: id })}`);
  expect(queuedFor(id)[0]?.subject).toMatch(/^New message from /);

  // A later unread message in the same conversation: no second e-mail, however long it waits.
  await say(app, pair.buyer.token, id, 'Hello?');
  clock.advance(30 * MINUTE);
  await run();
  expect(queuedFor(id)).toHaveLength(1);
  expect(await outboxFor(id)).toHaveLength(1);

  // Read, then a new message unread for 15 minutes: e-mailed again.
  expect((await markRead(pair.seller.token, id)).status).toBe(200);
  await say(app, pair.buyer.token, id, 'I can come at 4');
  clock.advance(16 * MINUTE);
  await run();
  expect(queuedFor(id)).toHaveLength(2);
  expect(await outboxFor(id)).toHaveLength(2);
});

test('the buyer is e-mailed about the seller’s unread reply too; the sender is never e-mailed about their own message', async () => {
  const { pair, id } = await freshConversation();
  await say(app, pair.buyer.token, id, 'Still there?');
  expect((await markRead(pair.seller.token, id)).status).toBe(200);
  await say(app, pair.seller.token, id, 'Yes, come by');
  clock.advance(16 * MINUTE);
  await run();
  expect(queuedFor(id)).toHaveLength(1);
  expect((await outboxFor(id)).map((r) => r.to)).toEqual([pair.buyer.email]);
});

test('none when the message was read within 15 minutes', async () => {
  const { pair, id } = await freshConversation();
  await say(app, pair.buyer.token, id, 'Quick one');
  clock.advance(5 * MINUTE);
  expect((await markRead(pair.seller.token, id)).status).toBe(200);
  clock.advance(20 * MINUTE);
  await run();
  expect(queuedFor(id)).toHaveLength(0);
  expect(await outboxFor(id)).toEqual([]);
});

test('none when the student turned them off', async () => {
  const { pair, id } = await freshConversation();
  expect((await send(app, 'PUT', '/messages/settings', pair.seller.token, { emailUnread: false })).status).toBe(200);
  await say(app, pair.buyer.token, id, 'Anyone?');
  clock.advance(20 * MINUTE);
  await run();
  expect(queuedFor(id)).toHaveLength(0);
  expect(await outboxFor(id)).toEqual([]);
});

test('two runs at once (two API instances) queue one e-mail', async () => {
  const { pair, id } = await freshConversation();
  await say(app, pair.buyer.token, id, 'Race me');
  clock.advance(16 * MINUTE);
  await Promise.all([run(), run()]);
  // Counted where each run queued it: the outbox's dedupe key alone would hide a second claim.
  expect(queuedFor(id)).toHaveLength(1);
  expect(await outboxFor(id)).toHaveLength(1);
  const [row] = await outboxFor(id);
  expect(row?.key).toMatch(new RegExp(`^unread:${id}:seller:\\d+$`));
});

describe('GET/PUT /messages/settings', () => {
  test('on by default; turned off and on again; kept per student', async () => {
    const { pair } = await freshConversation();
    const get = await send(app, 'GET', '/messages/settings', pair.buyer.token);
    expect(get.status).toBe(200);
    expect(get.body.data).toEqual({ emailUnread: true });
    const off = await send(app, 'PUT', '/messages/settings', pair.buyer.token, { emailUnread: false });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ emailUnread: false });
    expect((await send(app, 'GET', '/messages/settings', pair.buyer.token)).body.data).toEqual({ emailUnread: false });
    expect((await send(app, 'GET', '/messages/settings', pair.seller.token)).body.data).toEqual({ emailUnread: true });
    expect((await send(app, 'PUT', '/messages/settings', pair.buyer.token, { emailUnread: true })).body.data).toEqual({
      emailUnread: true,
    });
  });

  test('400 on a bad body; 401 without a session', async () => {
    const { pair } = await freshConversation();
    for (const body of [{}, { emailUnread: 'no' }, { emailUnread: true, extra: 1 }]) {
      expect((await send(app, 'PUT', '/messages/settings', pair.buyer.token, body)).status).toBe(400);
    }
    expect((await send(app, 'GET', '/messages/settings', undefined)).status).toBe(401);
    expect((await send(app, 'PUT', '/messages/settings', undefined, { emailUnread: false })).status).toBe(401);
  });
});
