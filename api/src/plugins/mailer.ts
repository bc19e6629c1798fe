/**
 * Outgoing e-mail through nodemailer. With SMTP_URL: real SMTP. Without: a
 * development mailbox — each message is printed and kept in memory so the
 * dev mailbox routes (and tests) can read it. With the test-support interface
 * on (TEST_SUPPORT_SECRET), what this instance sent is also kept, SMTP or not.
 */
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';

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
  /** What this instance sent, newest first, for the test-support interface; null when it is off. */
  sent: DevMailbox | null;
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
  /** Keep what is sent for the test-support interface (platform/test-support.ts). */
  keepSent?: boolean;
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
  async (app, { smtpUrl, from, print, keepSent = false }) => {
    const transport: Transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
    const mailbox = smtpUrl ? null : new DevMailbox();
    const sent = keepSent ? new DevMailbox() : null;
    const mailer: Mailer = {
      mailbox,
      sent,
      async send(message) {
        sent?.add({ ...message, createdAt: app.clock.now().toISOString() });
        // Kept before the (asynchronous) transport so the mailbox shows it as soon as the request answers.
        if (mailbox) {
          mailbox.add({ ...message, createdAt: app.clock.now().toISOString() });
          if (print) {
            process.stdout.write(`\n--- dev mailbox: to ${message.to} ---\nSubject: ${message.subject}\n\n${message.text}\n--- end ---\n`);
          }
        }
        await transport.sendMail({ from, ...message, to: recipient(message.to) });
      },
    };
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => transport.close());
  },
  { name: 'mailer' },
);
