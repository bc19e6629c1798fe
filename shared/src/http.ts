/**
 * The wire envelope: every success is `{ data, message? }` (lists add
 * `pagination`), every failure is `{ statusCode, error, message }`.
 */
import { z } from 'zod';

export const paginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  itemsPerPage: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional() });
}

export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema, message: z.string().optional() });
}

export const messageOnlySchema = z.object({ message: z.string() });

export type Envelope<T> = { data: T; message?: string };
export type PagedEnvelope<T> = { data: T[]; pagination: Pagination; message?: string };
