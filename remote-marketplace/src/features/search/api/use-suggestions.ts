import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSuggestions, type Suggestion } from './get-suggestions';
import { queryKeys } from '@campus/shared/query-keys';

const NONE: Suggestion[] = [];

/**
 * Suggestions for an (already debounced) query, through the page's query
 * cache: typing back to an earlier query shows its suggestions at once, and
 * an answer for a query no longer typed is never shown. Failures show none.
 */
export function useSuggestions(query: string, enabled: boolean): Suggestion[] {
  const q = query.trim();
  const { data } = useQuery({
    queryKey: queryKeys.products.suggestions(q),
    queryFn: () => getSuggestions(q),
    enabled: enabled && q !== '',
    staleTime: 60_000,
    retry: false,
    // The previous query's list stays until the new one arrives (no flicker while typing).
    placeholderData: keepPreviousData,
  });
  return enabled && q !== '' ? (data ?? NONE) : NONE;
}
