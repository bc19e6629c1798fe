/**
 * No input gives a 500: random and hostile params, query
 * strings and bodies (JSON and multipart) to every route of the endpoint
 * contract, signed in as a seller and not. No answer may be a 5xx, and every
 * 4xx has the one error shape. A fixed seed and a bounded count keep it
 * repeatable and quick; FUZZ_RUNS / FUZZ_SEED explore further.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { ENDPOINTS, bodySchemaOf, type EndpointDefinition } from '@campus/shared/endpoints';
import { MESSAGES } from '@campus/shared/messages';
import { multipart, sellerAccount } from '../catalogue-helpers';
import { DOMAIN } from '../helpers';
import { shopWith, startBench, type Bench } from '../payments/harness';

jest.setTimeout(180_000);

const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** What no name may hold: bidi embeddings, overrides, isolates and marks; zero-width characters. */
const INVISIBLE_IN_NAMES = [
  ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'],
  ...['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'],
];

/** Strings that have broken APIs before: NUL and other control characters, prototype keys, huge and odd numbers, paths, SQL. */
const HOSTILE = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '__proto__',
  'constructor',
  'prototype',
  '%00',
  '%',
  '../../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '9'.repeat(40),
  '-1',
  '0',
  '1e309',
  'NaN',
  '1.5',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(5_000),
  '\u202e\ud83d\ude00',
  '\ud800',
  `ada@${DOMAIN}`,
  // Names that could pass for others: text-direction controls, zero-width characters, confusables of a store's name.
  ...INVISIBLE_IN_NAMES.map((c) => `Gadget${c} Hub`),
  'C\u0430mpus G\u0430dgets',
  'FUZZ KETTLE  STORE',
];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'binary', maxLength: 40 }));
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
);

/** The keys an object schema declares (unwrapping optional/pipe layers), so values land on real fields. */
function keysOf(schema: z.ZodType | undefined): string[] {
  let s: unknown = schema;
  for (let depth = 0; depth < 5 && s; depth += 1) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    const def = (s as { def?: { innerType?: unknown; in?: unknown; schema?: unknown } }).def;
    s = def?.innerType ?? def?.in ?? def?.schema;
  }
  return [];
}

const fieldsFor = (keys: readonly string[]) =>
  fc.record({
    known: fc.subarray([...keys]).chain((chosen) => fc.tuple(...chosen.map((k) => fc.tuple(fc.constant(k), hostileValue)))),
    extra: fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom('__proto__', 'constructor', 'constructor[]', '__proto__[]', 'a\u0000'), hostileString),
        hostileValue,
      ),
      { maxLength: 2 },
    ),
  });

type Fields = { known: Array<[string, unknown]>; extra: Array<[string, unknown]> };
const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
/** A path segment; a lone surrogate (no UTF-8 form) goes as the bytes a careless client would send. */
function pathSegment(v: unknown): string {
  try {
    return encodeURIComponent(asText(v));
  } catch {
    return '%ED%A0%80';
  }
}

describe('fuzzing every route of the endpoint contract: never a 5xx', () => {
  let bench: Bench;
  let sellerToken = '';
  let sellerId = '';
  const realIds: string[] = [];
  let requests = 0;

  beforeAll(async () => {
    bench = await startBench();
    const shop = await shopWith(bench.app, 'Fuzz kettle', '3,000', 4);
    realIds.push(shop.product.id, shop.sellerId, shop.product.slug ?? shop.product.id);
    ({ token: sellerToken, sellerId } = await sellerAccount(bench.app));
  });
  afterAll(async () => {
    process.stdout.write(`fuzz: ${requests} requests to ${ENDPOINTS.length} endpoints (seed ${SEED}), no 5xx\n`);
    await bench.close();
  });

  async function check(
    endpoint: EndpointDefinition,
    params: Record<string, unknown>,
    query: Fields,
    body: Fields,
    signedIn: boolean,
    asForm: boolean,
  ) {
    const path = endpoint.path.replace(/:(\w+)/g, (_m, name: string) => pathSegment(params[name] ?? 'x'));
    const search = new URLSearchParams();
    for (const [k, v] of [...query.known, ...query.extra]) search.append(k, asText(v));
    const qs = search.toString();
    const url = `/api/v1${path}${qs ? `?${qs}` : ''}`;
    // Logging out would end the session the other requests use.
    const token = signedIn && endpoint.name !== 'accounts.logout' ? sellerToken : undefined;
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const entries = [...body.known, ...body.extra];
    let payload: string | Buffer | undefined;
    if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') {
      if (endpoint.multipart && asForm) {
        const form = multipart(Object.fromEntries(entries.map(([k, v]) => [k.replace(/"/g, ''), asText(v)])));
        Object.assign(headers, form.headers);
        payload = form.payload;
      } else {
        headers['content-type'] = 'application/json';
        // Built by hand: an object literal would turn a "__proto__" key into a prototype, not a field.
        payload = `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
      }
    }
    requests += 1;
    const res = await bench.app.inject({ method: endpoint.method, url, headers, ...(payload === undefined ? {} : { payload }) });
    const where = `${endpoint.method} ${url.slice(0, 200)} ${typeof payload === 'string' ? payload.slice(0, 200) : ''}`;
    if (res.statusCode >= 500) throw new Error(`${res.statusCode} from ${where}: ${res.body.slice(0, 300)}`);
    if (res.statusCode >= 400) {
      const error: unknown = res.json();
      const shape = z.object({ statusCode: z.literal(res.statusCode), error: z.string().min(1), message: z.string().min(1) });
      if (!shape.safeParse(error).success)
        throw new Error(`${res.statusCode} without the error shape from ${where}: ${res.body.slice(0, 300)}`);
    }
  }

  test('a name with a text-direction or zero-width character anywhere in it is refused, and nothing is stored', async () => {
    const name = fc.tuple(
      fc.string({ minLength: 1, maxLength: 20 }).filter((t) => /\p{L}/u.test(t)),
      fc.nat(),
      fc.constantFrom(...INVISIBLE_IN_NAMES),
    );
    const targets = [
      { url: `/api/v1/sellers/${sellerId}`, body: (text: string) => ({ catalogueName: text }) },
      { url: '/api/v1/users/profile', body: (text: string) => ({ firstName: text }) },
      { url: '/api/v1/users/profile', body: (text: string) => ({ firstName: 'Ada', lastName: text }) },
    ];
    await fc.assert(
      fc.asyncProperty(name, fc.constantFrom(...targets), async ([text, at, invisible], target) => {
        // Inside the name: at either end trimming (of U+FEFF, which JavaScript counts as white space) would take it away.
        const cut = 1 + (at % text.length);
        const named = `x${text.slice(0, cut)}${invisible}${text.slice(cut)}x`;
        requests += 1;
        const res = await bench.app.inject({
          method: 'PUT',
          url: target.url,
          headers: { authorization: `Bearer ${sellerToken}` },
          payload: target.body(named),
        });
        expect([named, res.statusCode, res.json().message]).toEqual([named, 400, MESSAGES.validation.invisibleCharacters]);
      }),
      { seed: SEED, numRuns: RUNS_PER_ENDPOINT * 3, endOnFailure: true },
    );
  });

  test.each(ENDPOINTS.map((e) => [e.name, e] as const))('%s', async (_name, endpoint) => {
    const paramNames = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
    const paramValue = fc.oneof(hostileString, fc.constantFrom(...(realIds.length ? realIds : ['x'])));
    const params = fc.record(Object.fromEntries(paramNames.map((n) => [n, paramValue])));
    const bodyKeys = keysOf(bodySchemaOf(endpoint, { emailDomain: DOMAIN }) ?? endpoint.multipart?.fields);
    await fc.assert(
      fc.asyncProperty(
        params,
        fieldsFor(keysOf(endpoint.query)),
        fieldsFor(bodyKeys),
        fc.boolean(),
        fc.boolean(),
        async (p, q, b, signedIn, asForm) => {
          await check(endpoint, p, q, b, signedIn, asForm);
        },
      ),
      { seed: SEED, numRuns: RUNS_PER_ENDPOINT, endOnFailure: true },
    );
  });
});
