/**
 * E-mail through a real SMTP server (smtp-server, in this process), as SMTP_URL configures it:
 * STARTTLS and authentication, a refused recipient, a wrong password and a server that is
 * down all fail the send with the server's reason; the outbox keeps a queued e-mail through
 * an outage and sends it once when the server is back.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { outboxEmails } from '../../src/db/schema';
import { flushOutbox, queueEmail } from '../../src/money/payments/outbox';
import mailerPlugin from '../../src/plugins/mailer';
import { createTestApp } from '../helpers';

const USER = 'campus-mailer';
const PASS = 'correct horse battery staple';
const REFUSED = 'bounced@campus.edu.ng';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  secure: boolean;
  raw: string;
}

class MailServer {
  readonly received: Received[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(port = 0): Promise<void> {
    const received = this.received;
    this.server = new SMTPServer({
      // STARTTLS with smtp-server's own certificate for localhost; no plain-text login.
      allowInsecureAuth: false,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === USER && auth.password === PASS) callback(null, { user: USER });
        else callback(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, callback) {
        if (address.address === REFUSED) {
          const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
        } else callback();
      },
      onData(stream, session: SMTPServerSession, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            secure: session.secure,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const smtpUrl = (port: number, password = PASS) =>
  // requireTLS: never send the password or the mail before STARTTLS; the test server's certificate is self-signed.
  `smtp://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}?requireTLS=true&tls.rejectUnauthorized=false`;

const mail = (to: string, subject = 'Your order is confirmed') => ({ to, subject, text: 'Hello', html: '<p>Hello</p>' });

let smtp: MailServer;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = new MailServer();
  await smtp.start();
  app = await createTestApp({ env: { SMTP_URL: smtpUrl(smtp.port), MAIL_FROM: 'Campus Marketplace <no-reply@campus.edu.ng>' } });
});

afterAll(async () => {
  await app.close();
  await smtp.stop();
});

describe('e-mail through an SMTP server', () => {
  it('upgrades with STARTTLS, signs in, and delivers to the one recipient from MAIL_FROM', async () => {
    await app.mailer.send(mail('ada@campus.edu.ng'));
    const got = smtp.received.at(-1);
    expect(got).toMatchObject({ from: 'no-reply@campus.edu.ng', to: ['ada@campus.edu.ng'], user: USER, secure: true });
    expect(got?.raw).toContain('Subject: Your order is confirmed');
    expect(app.mailer.mailbox).toBeNull();
  });

  it('a recipient the server refuses fails the send with its answer', async () => {
    const before = smtp.received.length;
    await expect(app.mailer.send(mail(REFUSED))).rejects.toMatchObject({ responseCode: 550 });
    expect(smtp.received).toHaveLength(before);
  });

  it('a wrong password is refused before any mail is sent', async () => {
    // The mailer alone (a whole app would only add start-up time): the same plugin the app registers.
    const wrong = Fastify();
    await wrong.register(mailerPlugin, { smtpUrl: smtpUrl(smtp.port, 'wrong'), from: 'no-reply@campus.edu.ng', print: false });
    try {
      await expect(wrong.mailer.send(mail('ada@campus.edu.ng'))).rejects.toMatchObject({ code: 'EAUTH' });
    } finally {
      await wrong.close();
    }
  });

  it('the outbox keeps a queued e-mail while the server is down and sends it once when it is back', async () => {
    const port = smtp.port;
    const key = `smtp-test:${Date.now()}`;
    await queueEmail(app.db, key, mail('bola@campus.edu.ng', 'Refund on its way'), new Date());
    const now = () => new Date();
    const log = { warn: jest.fn() };
    await smtp.stop();
    try {
      expect(await flushOutbox(app.db, app.mailer, now, log)).toBe(0);
      expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ dedupeKey: key }), expect.any(String));
      const [row] = await app.db.select().from(outboxEmails).where(eq(outboxEmails.dedupeKey, key));
      expect(row).toMatchObject({ sentAt: null, attempts: 1, subject: 'Refund on its way' });
    } finally {
      await smtp.start(port);
    }
    expect(await flushOutbox(app.db, app.mailer, now, log)).toBe(1);
    expect(await flushOutbox(app.db, app.mailer, now, log)).toBe(0);
    expect(smtp.received.filter((m) => m.raw.includes('Subject: Refund on its way'))).toHaveLength(1);
  });
});
