/** A minimal Server-Sent Events reader for the tests: parses `id`, `event` and `data` lines from a real HTTP connection. */
import http from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface ReceivedEvent {
  id: number | null;
  type: string;
  data: Record<string, unknown>;
}

export interface TestStream {
  status: number;
  events: ReceivedEvent[];
  /** Waits until `count` events have arrived (all of them so far are answered). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEvent[]>;
  /** Resolves when the server ends the response. */
  ended: Promise<void>;
  /** The raw text received (the wire format as it came). */
  raw(): string;
  close(): void;
}

/** The base address of an app listening on a free loopback port. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

export function openStream(base: string, options: { token?: string; ticket?: string; lastEventId?: number } = {}): Promise<TestStream> {
  const url = new URL('/api/v1/events/stream', base);
  if (options.ticket) url.searchParams.set('ticket', options.ticket);
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (res) => {
      const events: ReceivedEvent[] = [];
      const waiters: Array<() => void> = [];
      let buffer = '';
      let received = '';
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        received += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: number | null = null;
          let type = '';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = Number(line.slice(4));
            else if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (type) events.push({ id, type, data: JSON.parse(data) as Record<string, unknown> });
        }
        for (const w of waiters.splice(0)) w();
      });
      res.on('error', () => undefined);
      const stream: TestStream = {
        status: res.statusCode ?? 0,
        events,
        ended,
        raw: () => received,
        waitFor: (count, timeoutMs = 10_000) =>
          new Promise((done, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`expected ${count} events, got ${events.length}: ${JSON.stringify(events)}`)),
              timeoutMs,
            );
            const check = () => {
              if (events.length >= count) {
                clearTimeout(timer);
                done(events.slice());
              } else waiters.push(check);
            };
            check();
          }),
        close: () => {
          request.destroy();
          res.destroy();
        },
      };
      if (res.statusCode !== 200) res.resume();
      resolve(stream);
    });
    request.on('error', reject);
  });
}

/** Lets in-flight deliveries land before asserting that nothing more came. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
