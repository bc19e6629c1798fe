/**
 * The endpoint contract: every /api/v1 call declared once, with its method,
 * path, who may call it, and the zod schemas of its params, query, body and
 * answer. The API registers its routes from these declarations and the
 * browser calls them through one typed caller (`call` in
 * `@campus/shared/call`), so a path, a body shape or an answer shape can only
 * change in one place.
 *
 * Pure module (no browser API): the API imports it too.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call it. 'signed-in' routes live in the API's protected scope (one
 * authentication hook); ownership (my store, my order) is the service's rule.
 */
export type EndpointAccess = 'public' | 'signed-in';

/** Values some body schemas are built from (the university e-mail domain of spec section 5). */
export interface ContractContext {
  emailDomain: string;
}

type AnySchema = z.ZodType;
/** A body schema, or a factory for one when it depends on configuration (the e-mail domain). */
export type BodySchema<S extends AnySchema = AnySchema> = S | ((context: ContractContext) => S);

export interface EndpointDefinition {
  /** `domain.action`, unique: used as the OpenAPI operation id and in test fakes. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path under /api/v1 in Fastify's syntax (`/cart/item/update/:itemId`). */
  readonly path: string;
  readonly access: EndpointAccess;
  readonly summary: string;
  readonly params?: AnySchema;
  readonly query?: AnySchema;
  /** JSON body. */
  readonly body?: BodySchema;
  /**
   * multipart/form-data: the text fields' schema (the API checks them) and the
   * names of the file fields. The browser passes typed `fields` and `files` to
   * `call`, which builds the FormData. `repeated` names text fields the API
   * reads apart from `fields`, sent once per value (the product photos kept, in order).
   */
  readonly multipart?: { readonly fields: AnySchema; readonly files: readonly string[]; readonly repeated?: readonly string[] };
  /** Status of a success (200 unless it creates something). */
  readonly status?: 200 | 201;
  /** The whole success body, envelope included. */
  readonly response: AnySchema;
  /** Error statuses the route may answer (each with the one error shape). */
  readonly errors: readonly number[];
  /**
   * Normalises a success body before it is validated, for answers the spec
   * says may come in two forms ("read from data or a bare list"). Browser only.
   */
  readonly readAnswer?: (body: unknown) => unknown;
}

/** Declares an endpoint, keeping its literal types for `call`'s inference. */
export function defineEndpoint<const D extends EndpointDefinition>(definition: D): D {
  declared.add(definition);
  return definition;
}

/**
 * The declarations made with `defineEndpoint`, known without reading their
 * properties: a domain module also exports schemas, which are built on first
 * property read (`lazySchema`), and listing the endpoints must not build them.
 */
const declared = new WeakSet<EndpointDefinition>();

export function isEndpointDefinition(value: unknown): value is EndpointDefinition {
  return typeof value === 'object' && value !== null && declared.has(value as EndpointDefinition);
}

type SchemaInput<S> = S extends AnySchema ? z.input<S> : never;
type BodyOf<D extends EndpointDefinition> = D['body'] extends (context: ContractContext) => infer S
  ? SchemaInput<S>
  : SchemaInput<D['body']>;

/** What `call` takes for an endpoint: only the parts it declares. */
export type EndpointInput<D extends EndpointDefinition> = (D['params'] extends AnySchema ? { params: z.input<D['params']> } : unknown) &
  (D['query'] extends AnySchema ? { query?: z.input<D['query']> } : unknown) &
  (D['body'] extends BodySchema ? { body: BodyOf<D> } : unknown) &
  (D['multipart'] extends MultipartDefinition ? MultipartInput<D['multipart']> : unknown);

interface MultipartDefinition {
  readonly fields: AnySchema;
  readonly files: readonly string[];
  readonly repeated?: readonly string[];
}

/** A multipart text field's value as sent (the API's schema reads the text); a list is sent once per value. */
export type MultipartValue = string | number | boolean | readonly string[] | null | undefined;

type RepeatedFields<M extends MultipartDefinition> = M['repeated'] extends readonly (infer R extends string)[]
  ? { [name in R]?: readonly string[] }
  : unknown;

/**
 * A multipart call's input: the text fields typed by the endpoint's schema (its
 * input, what the student typed) and the files under the names it declares.
 * A field that is `undefined` or `null` is left out; any other value is sent as text.
 */
export interface MultipartInput<M extends MultipartDefinition> {
  fields: z.input<M['fields']> & RepeatedFields<M>;
  files?: { readonly [name in M['files'][number]]?: File | readonly File[] | null };
}

/** The fields and files of a multipart endpoint's call, for a feature's api/ function to pass on. */
export type EndpointMultipart<D extends EndpointDefinition> = D['multipart'] extends MultipartDefinition
  ? MultipartInput<D['multipart']>
  : never;

/** What `call` answers: the validated success body, envelope included. */
export type EndpointAnswer<D extends EndpointDefinition> = z.output<D['response']>;

/** True when the endpoint needs no input at all (then `call(endpoint)` is enough). */
export type NeedsNoInput<D extends EndpointDefinition> = D['params'] extends AnySchema
  ? false
  : D['body'] extends BodySchema
    ? false
    : D['multipart'] extends object
      ? false
      : true;

/** The body schema for the given configuration. */
export function bodySchemaOf(definition: EndpointDefinition, context: ContractContext): AnySchema | undefined {
  const body = definition.body;
  return typeof body === 'function' ? body(context) : body;
}

/** `/sellers/:id/catalogue` + {id: 'a b'} -> `/sellers/a%20b/catalogue`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Spec section 7 "read from data or a bare list": a bare array becomes `{ data: array }`. */
export function dataOrBareList(body: unknown): unknown {
  return Array.isArray(body) ? { data: body } : body;
}
