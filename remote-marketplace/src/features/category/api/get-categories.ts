import { apiClient } from '@campus/shared/api-client';
import type { Category } from '@campus/shared/types';
import { expectArray, expectString, isRecord, unwrap, UnexpectedAnswerError } from '@campus/shared/read-answer';

/** GET /categories/only: the answer is read from `data` or a bare list (spec section 7). */
export function readCategories(body: unknown): Category[] {
  return expectArray(unwrap(body, true), 'categories').map((c) => {
    if (!isRecord(c)) throw new UnexpectedAnswerError('category');
    return { id: expectString(c.id, 'category.id'), name: expectString(c.name, 'category.name') };
  });
}

export async function getCategories(): Promise<Category[]> {
  const { data } = await apiClient.get<unknown>('/categories/only');
  return readCategories(data);
}
