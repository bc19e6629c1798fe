/**
 * Outgoing e-mail through nodemailer. With SMTP_URL: real SMTP. Without: a
 * development mailbox — each message is printed and kept in memory so the
 * dev mailbox routes (and tests) can read it. With the test-support interface
 * on (TEST_SUPPORT_SECRET), what is sent is also recorded (in the shared database:
 * platform/sent-mail-repository.ts), SMTP or not.
 */
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends MailMessage {
  createdAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Development mailbox, newest first; null when real SMTP is used. */
  mailbox: DevMailbox | null;
  /** What every instance sent, for the test-support interface; null when it is off. */
  sent: SentMailRecord | null;
}

/** A record of the e-mails sent that every API instance shares (the test-support interface's). */
export interface SentMailRecord {
  add(message: Omit<StoredMail, 'html'>): Promise<void>;
  /** The e-mails sent to the address (any spelling of its case), newest first. */
  list(to: string): Promise<Array<Omit<StoredMail, 'html'>>>;
}

const MAILBOX_LIMIT = 500;

export class DevMailbox {
  private readonly messages: StoredMail[] = [];
  add(message: StoredMail): void {
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, MAILBOX_LIMIT);
  }
  list(to?: string): StoredMail[] {
    const wanted = to?.trim().toLowerCase();
    return wanted ? this.messages.filter((m) => m.to.toLowerCase() === wanted) : [...this.messages];
  }
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  /** Print dev-mailbox messages to the console (off in tests). */
  print: boolean;
  /** Where what is sent is recorded for the test-support interface (platform/test-support.ts); none when it is off. */
  sentRecord?: SentMailRecord | null;
}

/**
 * The one recipient as an address object, never a string: nodemailer parses a
 * string's commas, quotes and comments into other recipients (`x,victim@…`).
 * Addresses are university addresses checked at sign-up (shared/src/email.ts).
 */
export function recipient(address: string): { name: string; address: string } {
  return { name: '', address };
}

export default fp<MailerOptions>(
  async (app, { smtpUrl, from, print, sentRecord = null }) => {
    const transport: Transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
    const mailbox = smtpUrl ? null : new DevMailbox();
    const mailer: Mailer = {
      mailbox,
      sent: sentRecord,
      async send(message) {
        // Kept before the (asynchronous) transport so the mailbox shows it as soon as the request answers.
        if (mailbox) {
          mailbox.add({ ...message, createdAt: app.clock.now().toISOString() });
          if (print) {
            process.stdout.write(`\n--- dev mailbox: to ${message.to} ---\nSubject: ${message.subject}\n\n${message.text}\n--- end ---\n`);
          }
        }
        if (sentRecord) {
          // Recorded before the transport, as the mailbox above: a journey polling for it need not wait for SMTP.
          // A record that fails is logged; the e-mail still goes.
          const { to, subject, text } = message;
          await sentRecord.add({ to, subject, text, createdAt: app.clock.now().toISOString() }).catch((error: unknown) => {
            app.log.error({ err: error, to }, 'the test-support record of a sent e-mail could not be written');
          });
        }
        await transport.sendMail({ from, ...message, to: recipient(message.to) });
      },
    };
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => transport.close());
  },
  { name: 'mailer' },
);
