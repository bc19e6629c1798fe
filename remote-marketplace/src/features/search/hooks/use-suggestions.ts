import { useEffect, useState } from 'react';
import { getSuggestions, type Suggestion } from '../../search/api/get-suggestions';

/** Suggestions for an (already debounced) query; newest answer wins; failures just show none. */
export function useSuggestions(query: string, enabled: boolean): Suggestion[] {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  useEffect(() => {
    if (!enabled || !query.trim()) {
      setSuggestions([]);
      return;
    }
    let live = true;
    getSuggestions(query).then(
      (found) => live && setSuggestions(found),
      () => live && setSuggestions([]),
    );
    return () => {
      live = false;
    };
  }, [query, enabled]);
  return suggestions;
}
