/** The `pagination` block of a paged answer (shared/src/http.ts `paginationSchema`), from the request's page and limit. */
import type { Pagination } from '@campus/shared/http';

export function pagination(page: number, limit: number, totalItems: number): Pagination {
  return { currentPage: page, totalPages: Math.ceil(totalItems / limit), totalItems, itemsPerPage: limit };
}
