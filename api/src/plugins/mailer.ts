/**
 * Outgoing e-mail through nodemailer. With SMTP_URL: real SMTP. Without: a
 * development mailbox — each message is printed and kept in memory so the
 * dev mailbox routes (and tests) can read it.
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
  async (app, { smtpUrl, from, print }) => {
    const transport: Transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
    const mailbox = smtpUrl ? null : new DevMailbox();
    const mailer: Mailer = {
      mailbox,
      async send(message) {
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
