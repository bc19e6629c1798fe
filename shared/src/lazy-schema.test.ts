import { z } from 'zod';
import type * as Schemas from './schemas';
import type * as Endpoints from './endpoints';
import type * as Http from './http';
import type * as Lazy from './lazy-schema';
import type * as Zod from 'zod';

/** Loads the contract and its schemas afresh, counting every zod builder called while the modules evaluate. */
function importCountingZodCalls() {
  let zodCalls = 0;
  let modules!: {
    schemas: typeof Schemas;
    endpoints: typeof Endpoints;
    http: typeof Http;
    lazy: typeof Lazy;
  };
  jest.isolateModules(() => {
    jest.doMock('zod', () => {
      const actual = jest.requireActual<typeof Zod>('zod');
      // Every builder (z.object, z.string, ...) counted; the classes (z.ZodObject) left as they are.
      const counted = Object.fromEntries(
        Object.entries(actual.z).map(([key, value]) =>
          typeof value === 'function' && /^[a-z]/.test(key)
            ? [
                key,
                (...args: unknown[]) => {
                  zodCalls += 1;
                  return (value as (...a: unknown[]) => unknown)(...args);
                },
              ]
            : [key, value],
        ),
      );
      return { ...actual, z: counted };
    });
    modules = {
      schemas: jest.requireActual('./schemas'),
      endpoints: jest.requireActual('./endpoints'),
      http: jest.requireActual('./http'),
      lazy: jest.requireActual('./lazy-schema'),
    };
  });
  return { modules, zodCalls: () => zodCalls };
}

describe('the contract builds its schemas on first use', () => {
  afterEach(() => jest.dontMock('zod'));

  it('importing the schemas and the endpoint contract builds no zod schema', () => {
    const { modules, zodCalls } = importCountingZodCalls();
    expect(modules.endpoints.ENDPOINTS.length).toBeGreaterThan(50);
    expect(zodCalls()).toBe(0);
    expect(modules.lazy.lazySchemasBuilt()).toBe(0);
  });

  it('the first parse builds a schema once', () => {
    const { modules, zodCalls } = importCountingZodCalls();
    const { schemas, lazy } = modules;
    expect(schemas.renewSessionBodySchema.safeParse({ refreshToken: 'r1' }).success).toBe(true);
    expect(lazy.lazySchemasBuilt()).toBe(1);
    const callsForOne = zodCalls();
    expect(callsForOne).toBeGreaterThan(0);
    expect(schemas.renewSessionBodySchema.parse({ refreshToken: 'r1' })).toEqual({ refreshToken: 'r1' });
    expect(schemas.renewSessionBodySchema.safeParse({}).success).toBe(false);
    expect(lazy.lazySchemasBuilt()).toBe(1);
    expect(zodCalls()).toBe(callsForOne);
  });

  it('a lazy schema composes like the schema itself', () => {
    const { modules } = importCountingZodCalls();
    const { schemas, http } = modules;
    // The stand-in is the real class to zod and to instanceof.
    expect(http.paginationSchema).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(http.paginationSchema.shape)).toEqual(['currentPage', 'totalPages', 'totalItems', 'itemsPerPage']);
    const page = { currentPage: 1, totalPages: 1, totalItems: 0, itemsPerPage: 10 };
    // Inside another schema, .extend, .array() and z.array().
    expect(z.object({ pagination: http.paginationSchema }).parse({ pagination: page })).toEqual({ pagination: page });
    expect(http.paginationSchema.extend({ more: z.boolean() }).parse({ ...page, more: true })).toEqual({ ...page, more: true });
    expect(http.paginationSchema.array().parse([page])).toEqual([page]);
    expect(z.array(http.paginationSchema).safeParse([{ currentPage: 'x' }]).success).toBe(false);
    // A discriminated union of lazy options.
    const union = z.discriminatedUnion('kind', [
      http.messageOnlySchema.extend({ kind: z.literal('a') }),
      z.object({ kind: z.literal('b'), pagination: http.paginationSchema }),
    ]);
    expect(union.safeParse({ kind: 'b', pagination: page }).success).toBe(true);
    expect(union.safeParse({ kind: 'b', pagination: {} }).success).toBe(false);
    // JSON Schema, as the API's route schemas and the contract check build it.
    expect(z.toJSONSchema(z.object({ p: http.paginationSchema }))).toEqual(
      z.toJSONSchema(
        z.object({
          p: z.object({
            currentPage: z.number().int(),
            totalPages: z.number().int(),
            totalItems: z.number().int(),
            itemsPerPage: z.number().int(),
          }),
        }),
      ),
    );
    expect(schemas).toBeDefined();
  });
});
