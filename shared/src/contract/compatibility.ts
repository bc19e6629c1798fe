/**
 * The endpoint contract as data (JSON Schema of every endpoint's parts, from zod's toJSONSchema),
 * and the rule for changing it: a release may add, never rename or remove in place.
 *
 * During a rollout an old remote talks to a newer API and a newer remote to an older API (the
 * API and each remote ship on their own schedules), so every change must keep both working:
 * - an answer (response) may gain fields; it may not lose or rename one, make a field optional or
 *   nullable that was always there, change a field's type, or gain an enum value an old remote
 *   would refuse;
 * - a request (params, query, body, multipart fields) may gain optional fields; it may not gain a
 *   required one, make an optional one required, lose or rename one, change a type, or lose an enum value;
 * - an endpoint may be added; its method and path never change and it is never removed in place.
 * A field leaves in two releases: first deprecated (optional in requests, still sent in answers,
 * `.describe('deprecated: ...')`), then removed when no live remote reads it (docs/releasing.md).
 *
 * `breakingChanges(previous, current)` lists what breaks that rule; the shared project's
 * contract test compares the contract with the last release's snapshot (released-contract.json).
 */
import { z } from 'zod';
import { bodySchemaOf, type EndpointDefinition } from '../endpoints/define';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface EndpointSnapshot {
  method: string;
  path: string;
  access: string;
  request: Record<string, Json>;
  response: Json;
}

export interface ContractSnapshot {
  /** The @campus/shared version this contract was released as. */
  version: string;
  endpoints: Record<string, EndpointSnapshot>;
}

/** Body factories are drawn with a fixed context: the shape, not the configured domain, is the contract. */
const SNAPSHOT_CONTEXT = { emailDomain: 'example.edu' };

const schemaJson = (schema: z.ZodType, io: 'input' | 'output'): Json =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;

/** The contract as JSON: what the compatibility check compares. */
export function contractSnapshot(endpoints: readonly EndpointDefinition[], version: string): ContractSnapshot {
  const entries = [...endpoints]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((endpoint): [string, EndpointSnapshot] => {
      const request: Record<string, Json> = {};
      if (endpoint.params) request.params = schemaJson(endpoint.params, 'input');
      if (endpoint.query) request.query = schemaJson(endpoint.query, 'input');
      const body = bodySchemaOf(endpoint, SNAPSHOT_CONTEXT);
      if (body) request.body = schemaJson(body, 'input');
      if (endpoint.multipart) request.fields = schemaJson(endpoint.multipart.fields, 'input');
      return [
        endpoint.name,
        {
          method: endpoint.method,
          path: endpoint.path,
          access: endpoint.access,
          request,
          response: schemaJson(endpoint.response, 'output'),
        },
      ];
    });
  return { version, endpoints: Object.fromEntries(entries) };
}

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema's `$ref` followed within its own document ($defs), so a named sub-schema compares by content. */
function resolve(schema: Json | undefined, root: Json): Json | undefined {
  if (!isObject(schema) || typeof schema.$ref !== 'string' || !isObject(root)) return schema;
  const name = /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1];
  const defs = root.$defs;
  return name && isObject(defs) ? defs[name] : schema;
}

const typesOf = (schema: JsonObject): string[] => {
  if (Array.isArray(schema.type)) return schema.type.map(String).sort();
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.anyOf)) return schema.anyOf.flatMap((s) => (isObject(s) ? typesOf(s) : [])).sort();
  return [];
};

const enumOf = (schema: JsonObject): string[] | null => {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v));
  if ('const' in schema) return [JSON.stringify(schema.const)];
  return null;
};

const nullable = (schema: JsonObject): boolean => typesOf(schema).includes('null');

type Direction = 'request' | 'response';

/** What breaks between two schemas of one part, each problem with its JSON path. */
function compare(
  previous: Json | undefined,
  current: Json | undefined,
  at: string,
  direction: Direction,
  roots: { previous: Json; current: Json },
  out: string[],
  seen = new Set<string>(),
): void {
  const before = resolve(previous, roots.previous);
  const after = resolve(current, roots.current);
  if (!isObject(before) || !isObject(after)) return;
  const key = `${at}|${JSON.stringify(before).length}|${JSON.stringify(after).length}`;
  if (seen.has(key)) return;
  seen.add(key);

  const beforeTypes = typesOf(before).filter((t) => t !== 'null');
  const afterTypes = typesOf(after).filter((t) => t !== 'null');
  if (beforeTypes.length > 0 && afterTypes.length > 0 && beforeTypes.join() !== afterTypes.join()) {
    out.push(`${at}: type changed from ${beforeTypes.join('|')} to ${afterTypes.join('|')}`);
    return;
  }
  if (direction === 'response' && !nullable(before) && nullable(after)) out.push(`${at}: may now be null (an old remote expects a value)`);
  if (direction === 'request' && nullable(before) && !nullable(after))
    out.push(`${at}: may no longer be null (an old remote may send null)`);

  const beforeEnum = enumOf(before);
  const afterEnum = enumOf(after);
  if (beforeEnum && afterEnum) {
    const added = afterEnum.filter((v) => !beforeEnum.includes(v));
    const removed = beforeEnum.filter((v) => !afterEnum.includes(v));
    if (direction === 'response' && added.length > 0) out.push(`${at}: new value ${added.join(', ')} (an old remote refuses it)`);
    if (direction === 'request' && removed.length > 0) out.push(`${at}: value ${removed.join(', ')} no longer accepted`);
  }

  const beforeProps = isObject(before.properties) ? before.properties : {};
  const afterProps = isObject(after.properties) ? after.properties : {};
  const beforeRequired = new Set(Array.isArray(before.required) ? before.required.map(String) : []);
  const afterRequired = new Set(Array.isArray(after.required) ? after.required.map(String) : []);
  for (const name of Object.keys(beforeProps)) {
    const path = `${at}.${name}`;
    if (!(name in afterProps)) {
      out.push(`${path}: removed or renamed (deprecate it first: docs/releasing.md)`);
      continue;
    }
    if (direction === 'response' && beforeRequired.has(name) && !afterRequired.has(name)) out.push(`${path}: no longer always sent`);
    if (direction === 'request' && !beforeRequired.has(name) && afterRequired.has(name)) out.push(`${path}: now required`);
    compare(beforeProps[name], afterProps[name], path, direction, roots, out, seen);
  }
  if (direction === 'request') {
    for (const name of Object.keys(afterProps)) {
      if (!(name in beforeProps) && afterRequired.has(name)) out.push(`${at}.${name}: new required field (an old remote does not send it)`);
    }
  }
  if (before.items !== undefined || after.items !== undefined) compare(before.items, after.items, `${at}[]`, direction, roots, out, seen);
  const branches = (s: JsonObject) => (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : null);
  const beforeBranches = branches(before);
  const afterBranches = branches(after);
  if (beforeBranches && afterBranches && beforeBranches.length === afterBranches.length) {
    beforeBranches.forEach((branch, i) => compare(branch, afterBranches[i], `${at}<${i}>`, direction, roots, out, seen));
  }
}

/** Every change from `previous` to `current` that breaks an old remote or a newer remote during a rollout. */
export function breakingChanges(previous: ContractSnapshot, current: ContractSnapshot): string[] {
  const out: string[] = [];
  for (const [name, before] of Object.entries(previous.endpoints)) {
    const after = current.endpoints[name];
    if (!after) {
      out.push(`${name}: endpoint removed or renamed`);
      continue;
    }
    if (before.method !== after.method || before.path !== after.path) {
      out.push(`${name}: moved from ${before.method} ${before.path} to ${after.method} ${after.path}`);
    }
    if (before.access === 'public' && after.access !== 'public') out.push(`${name}: now needs a signed-in caller`);
    for (const part of Object.keys(before.request)) {
      if (!(part in after.request)) out.push(`${name}.${part}: no longer accepted`);
      else
        compare(
          before.request[part],
          after.request[part],
          `${name}.${part}`,
          'request',
          { previous: before.request[part] ?? null, current: after.request[part] ?? null },
          out,
        );
    }
    for (const part of Object.keys(after.request)) {
      if (!(part in before.request)) {
        const schema = after.request[part];
        if (isObject(schema) && Array.isArray(schema.required) && schema.required.length > 0)
          out.push(`${name}.${part}: new required input`);
      }
    }
    compare(before.response, after.response, `${name}.response`, 'response', { previous: before.response, current: after.response }, out);
  }
  return out;
}
