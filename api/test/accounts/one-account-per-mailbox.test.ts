/** One account per mailbox: addresses compared in their canonical form (lib/canonical-email.ts). */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@campus/shared/messages';
import { fillCanonicalEmails } from '../../src/accounts';
import { users } from '../../src/db/schema';
import { canonicalEmail } from '../../src/lib/canonical-email';
import { PASSWORD, createTestApp, lastCode, login, post, signedIn } from '../helpers';
import { eq } from 'drizzle-orm';

describe('canonicalEmail', () => {
  it.each([
    ['Buyer@Campus.edu.ng', { foldPlusTags: true, foldDots: false }, 'buyer@campus.edu.ng'],
    ['buyer+1@campus.edu.ng', { foldPlusTags: true, foldDots: false }, 'buyer@campus.edu.ng'],
    ['buyer+1@campus.edu.ng', { foldPlusTags: false, foldDots: false }, 'buyer+1@campus.edu.ng'],
    ['b.u.yer@campus.edu.ng', { foldPlusTags: true, foldDots: false }, 'b.u.yer@campus.edu.ng'],
    ['b.u.yer+shop@campus.edu.ng', { foldPlusTags: true, foldDots: true }, 'buyer@campus.edu.ng'],
    ['+tag@campus.edu.ng', { foldPlusTags: true, foldDots: false }, '+tag@campus.edu.ng'],
  ])('%s with %o is %s', (email, rule, canonical) => expect(canonicalEmail(email, rule)).toBe(canonical));
});

describe('with the default rule (plus-tags and case folded, dots kept)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const registerAs = (email: string) => post(app, '/auth/register', { name: 'Ada Obi', email, password: PASSWORD });

  it('refuses buyer+1@ beside buyer@ with the normal "already registered" answer', async () => {
    await signedIn(app, 'buyer@campus.edu.ng');
    const second = await registerAs('buyer+1@campus.edu.ng');
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(MESSAGES.register.emailExists);
    expect((await registerAs('BUYER+shop@Campus.edu.ng')).status).toBe(409);
  });

  it('keeps the address as typed for mail and finds the account by any spelling', async () => {
    const typed = 'chidi+market@campus.edu.ng';
    expect((await registerAs(typed)).status).toBe(201);
    // The code went to the address the student typed.
    const verified = await post(app, '/auth/email/verify', { email: 'chidi@campus.edu.ng', code: lastCode(app, typed) });
    expect(verified.status).toBe(200);
    expect((verified.body.data as { user: { email: string } }).user.email).toBe(typed);
    for (const spelling of ['chidi@campus.edu.ng', 'Chidi+other@campus.edu.ng', typed])
      expect(await login(app, spelling)).toEqual(expect.any(String));
    const [row] = await app.db.select().from(users).where(eq(users.email, typed));
    expect(row?.emailCanonical).toBe('chidi@campus.edu.ng');
  });

  it('keeps a.b@ and ab@ apart unless the university says its mail folds dots', async () => {
    await signedIn(app, 'ngozi.eze@campus.edu.ng');
    expect((await registerAs('ngozieze@campus.edu.ng')).status).toBe(201);
  });

  it('counts wrong passwords per mailbox: another spelling does not get fresh guesses', async () => {
    const limited = await createTestApp({
      rateLimits: { login: { perIp: { max: 1000, windowMs: 60_000 }, perEmail: { max: 3, windowMs: 60_000 } } },
    });
    try {
      await signedIn(limited, 'tolu@campus.edu.ng');
      const statuses: number[] = [];
      for (const spelling of ['tolu@campus.edu.ng', 'tolu+a@campus.edu.ng', 'TOLU+b@campus.edu.ng', 'tolu+c@campus.edu.ng'])
        statuses.push((await post(limited, '/auth/login', { email: spelling, password: 'wrong-pass-1' })).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('start-up gives older accounts their mailbox and reports (never deletes) those that share one', async () => {
    const now = new Date();
    const row = (id: string, email: string, at: number) => ({
      id,
      email,
      passwordHash: 'x',
      firstName: 'Old',
      createdAt: new Date(now.getTime() - at),
      updatedAt: now,
    });
    await app.db.insert(users).values([row('legacy-1', 'legacy@campus.edu.ng', 2000), row('legacy-2', 'legacy+2@campus.edu.ng', 1000)]);
    const report = await fillCanonicalEmails(app);
    expect(report.sharedMailbox).toEqual(['legacy-2']);
    const rows = await app.db.select({ id: users.id, canonical: users.emailCanonical }).from(users).where(eq(users.firstName, 'Old'));
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'legacy-1', canonical: 'legacy@campus.edu.ng' },
      { id: 'legacy-2', canonical: null },
    ]);
  });
});

// Letters only (a tag or dot would change the mailbox): on PostgreSQL the apps of one test file share one database.
const run = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

describe('a university whose mail folds dots (UNIVERSITY_EMAIL_FOLD_DOTS=true)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { UNIVERSITY_EMAIL_FOLD_DOTS: 'true' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses ngozieze@ beside ngozi.eze@', async () => {
    await signedIn(app, `ngozi.eze${run}@campus.edu.ng`);
    const res = await post(app, '/auth/register', { name: 'Ada Obi', email: `ngozieze${run}@campus.edu.ng`, password: PASSWORD });
    expect(res.status).toBe(409);
  });
});

describe('a university whose mail keeps plus-tags apart (UNIVERSITY_EMAIL_FOLD_PLUS_TAGS=false)', () => {
  it('lets buyer+1@ register beside buyer@', async () => {
    const app = await createTestApp({ env: { UNIVERSITY_EMAIL_FOLD_PLUS_TAGS: 'false' } });
    try {
      await signedIn(app, `buyer${run}@campus.edu.ng`);
      const res = await post(app, '/auth/register', { name: 'Ada Obi', email: `buyer${run}+1@campus.edu.ng`, password: PASSWORD });
      expect(res.status).toBe(201);
    } finally {
      await app.close();
    }
  });
});
