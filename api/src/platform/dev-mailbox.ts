/**
 * The development mailbox (only without SMTP_URL, never in production, only to loopback clients):
 * GET /dev/mailbox (HTML, newest first) and GET /dev/mailbox/messages?to=.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import { fromThisMachine } from '../http/this-machine';
import { escapeHtml } from '../lib/html';
import { MAILBOX_PAGE_CSP } from '../plugins/security-headers';

const messageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

const route: FastifyPluginAsyncZod = async (app) => {
  const mailbox = app.mailer.mailbox;
  if (!mailbox) return;

  // Every verification code and reset link is in here: only a browser on this machine may read it.
  // Answered as if it did not exist.
  app.addHook('onRequest', async (request) => {
    if (!fromThisMachine(request.socket.remoteAddress))
      throw new HttpError(404, `Route ${request.method} ${request.url.split('?')[0]} not found`);
  });

  app.get(
    '/mailbox/messages',
    {
      schema: {
        hide: true,
        querystring: z.object({ to: z.string().optional() }),
        response: { 200: z.array(messageSchema) },
      },
    },
    async (request) => mailbox.list(request.query.to),
  );

  app.get(
    '/mailbox',
    { schema: { hide: true, querystring: z.object({ to: z.string().optional() }) }, helmet: { contentSecurityPolicy: MAILBOX_PAGE_CSP } },
    async (request, reply) => {
      const messages = mailbox.list(request.query.to);
      const items = messages
        .map(
          (m) => `<article><header><strong>${escapeHtml(m.subject)}</strong><br>
to ${escapeHtml(m.to)} · <time>${escapeHtml(m.createdAt)}</time></header>
<pre>${escapeHtml(m.text)}</pre></article>`,
        )
        .join('\n');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font-family:sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style>
</head><body><h1>Development mailbox</h1><p>${messages.length} message(s), newest first. Nothing here is really sent.</p>
${items || '<p>No messages yet.</p>'}</body></html>`;
    },
  );
};
export default route;
