import { useForm, type FieldErrors, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { contractResolver } from './resolver';

/** A contract schema a form can hold: an object of fields (shared/src/schemas or an endpoint's body). */
export type FormSchema = z.ZodType<unknown, FieldValues>;

export interface ContractFormOptions<Values extends FieldValues, Output> extends Omit<UseFormProps<Values, unknown, Output>, 'resolver'> {
  /** Per-form zod error map for rules whose shared schema carries no spec text. */
  errorMap?: z.core.$ZodErrorMap;
}

/**
 * The one way a form holds its values: react-hook-form, checked by the
 * contract's zod schema (the object the API validates the request with).
 * `handleSubmit(onValid)` hands `onValid` the schema's output. The fields'
 * type is the schema's input, or what `defaultValues` holds when the schema
 * reads looser input (a preprocessed field's input is `unknown`; the form holds text).
 */
export function useContractForm<S extends FormSchema, Values extends FieldValues = z.input<S>>(
  schema: S,
  options: ContractFormOptions<Values, z.output<S>> = {},
): UseFormReturn<Values, unknown, z.output<S>> {
  const { errorMap, ...formOptions } = options;
  return useForm<Values, unknown, z.output<S>>({
    ...formOptions,
    resolver: contractResolver<Values, z.output<S>>(schema as unknown as z.ZodType<z.output<S>, Values>, errorMap),
  });
}

/**
 * The first error's message, in the schema's order: for forms that show one
 * banner instead of a text under each field.
 */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (!error || typeof error !== 'object') continue;
    if (typeof error.message === 'string' && error.message) return error.message;
    const nested = firstErrorMessage(error as FieldErrors);
    if (nested) return nested;
  }
  return undefined;
}
