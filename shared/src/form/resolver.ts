import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form's resolver for a contract schema: the values are checked
 * with the same zod object the API checks the request with, and the submit
 * handler receives the schema's output (trimmed, transformed). Each field
 * keeps its first issue, as @hookform/resolvers' zod resolver does; an issue
 * on the whole object (empty path) becomes `errors.root`.
 */
export function contractResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  errorMap?: z.core.$ZodErrorMap,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values, errorMap ? { error: errorMap } : undefined);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.length ? issue.path.map(String) : ['root'];
      const name = path.join('.');
      const field = (options.fields as Record<string, { ref?: unknown } | undefined>)[name];
      setOnce(errors, path, { type: issue.code, message: issue.message, ref: field?.ref });
    }
    return { values: {}, errors: errors as FieldErrors<Input> };
  };
}

/** Sets `value` at `path` unless that field already has an error (the first issue wins). */
function setOnce(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next !== undefined && (typeof next !== 'object' || next === null || 'message' in next)) return;
    node = (node[key] ??= {}) as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (node[last] === undefined) node[last] = value;
}
