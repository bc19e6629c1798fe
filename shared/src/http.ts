/**
 * The wire envelope: every success is `{ data, message? }` (lists add
 * `pagination`), every failure is `{ statusCode, error, message }`.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const paginationSchema = lazySchema(() =>
  z.object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalItems: z.number().int(),
    itemsPerPage: z.number().int(),
  }),
);
export type Pagination = z.infer<typeof paginationSchema>;

export const errorBodySchema = lazySchema(() =>
  z.object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
  }),
);
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional() });
}

/** `?page=&limit=` of every paged list: pages count from 1, a page holds at most 100 items. */
export function pageQuery(defaultLimit: number) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
  });
}

export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema, message: z.string().optional() });
}

export const messageOnlySchema = lazySchema(() => z.object({ message: z.string() }));

export type Envelope<T> = { data: T; message?: string };
export type PagedEnvelope<T> = { data: T[]; pagination: Pagination; message?: string };
