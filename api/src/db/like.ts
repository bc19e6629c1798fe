/** `ada_1%` -> `%ada\_1\%%`: a LIKE/ILIKE pattern that finds the text anywhere, its wildcards taken literally; null for blank text. */
export function containsPattern(text: string | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}
