/**
 * Names people read to tell one another apart (a person's, a store's, a product's) must look
 * like what they are: no text-direction controls (which reorder what is shown, "\u202eGadget Hub"
 * reads backwards) and no zero-width characters (which make two names that look the same differ).
 * The API also compares store names as they look (api/src/sellers/store-names.ts).
 */
import type { z } from 'zod';
import { MESSAGES } from '../messages';

/**
 * Bidi controls (LRE, RLE, PDF, LRO, RLO U+202A-U+202E; LRI, RLI, FSI, PDI U+2066-U+2069; LRM, RLM
 * U+200E/F; ALM U+061C) and zero-width characters (ZWSP, ZWNJ, ZWJ U+200B-U+200D; word joiner U+2060; BOM U+FEFF).
 */
export const INVISIBLE_NAME_CHARACTERS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/;

export const hasInvisibleCharacters = (text: string): boolean => INVISIBLE_NAME_CHARACTERS.test(text);

/** `schema` refusing invisible and text-direction characters, with the message that says so. */
export const visibleName = (schema: z.ZodString) =>
  schema.refine((name) => !hasInvisibleCharacters(name), { message: MESSAGES.validation.invisibleCharacters });
