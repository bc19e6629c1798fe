import { SEARCH_DEBOUNCE_MS } from '@campus/shared/constants';
import { Box, IconButton, Input, chakra } from '@campus/shared/ui';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LuSearch, LuX } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { Highlight } from '../../../lib/highlight';
import { useDebouncedValue } from '@campus/shared/use-debounced-value';
import { useSuggestions } from '../api/use-suggestions';
import { href } from '@campus/shared/federation';

export interface SearchBoxProps {
  /** The query in the URL. */
  query: string;
  /**
   * Called with a settled (debounced) or submitted query. `replace` is true
   * for the second and later searches of one stretch of typing, so Back
   * returns to the search before it, not to each half-typed word.
   */
  onQueryChange: (query: string, options: { replace: boolean }) => void;
}

/**
 * The hero's search box: bound to ?query= (the box follows Back/Forward),
 * commits what was typed once it has been still for 150 ms, and offers
 * product suggestions (a combobox: arrows, Enter, Escape). One stretch of
 * typing (until Enter, blur or Clear) is one history entry.
 */
export function SearchBox({ query, onQueryChange }: SearchBoxProps) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState(query);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const committed = useRef(query);
  // Whether this stretch of typing has already made a history entry.
  const typing = useRef(false);
  const commitRef = useRef(onQueryChange);
  commitRef.current = onQueryChange;

  // The URL changed without typing (Back/Forward, Clear All, a shared link): show it in the box.
  useEffect(() => {
    if (query !== committed.current) {
      committed.current = query;
      typing.current = false;
      setText(query);
    }
  }, [query]);

  const commit = (value: string, replace = false) => {
    const trimmed = value.trim();
    if (trimmed === committed.current) return;
    committed.current = trimmed;
    commitRef.current(trimmed, { replace });
  };

  /** A discrete search (Enter, Clear): its own history entry unless typing already made one. */
  const commitNow = (value: string) => {
    commit(value, typing.current);
    typing.current = false;
  };

  // Typing has paused: this is the search now.
  useEffect(() => {
    const before = committed.current;
    commit(debounced, typing.current);
    if (committed.current !== before) typing.current = true;
  }, [debounced]);

  // Only a settled value asks for suggestions (not a stale one from before the box was cleared).
  const suggestions = useSuggestions(debounced, open && debounced === text);
  const showList = open && text.trim() !== '' && suggestions.length > 0;

  const pick = (index: number) => {
    const s = suggestions[index];
    if (!s) return;
    setOpen(false);
    navigate(href('product', { slug: s.slug || s.id }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false);
    commitNow(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, suggestions.length - 1));
    } else if (event.key === 'ArrowUp' && showList) {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, -1));
    } else if (event.key === 'Enter' && showList && active >= 0) {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <chakra.form role="search" onSubmit={onSubmit} position="relative" w="full" maxW="2xl" mx="auto">
      <Box position="relative">
        <Box position="absolute" insetStart="4" top="50%" transform="translateY(-50%)" color="fg.muted" pointerEvents="none" zIndex="1">
          <LuSearch aria-hidden="true" />
        </Box>
        <Input
          type="search"
          name="query"
          size="xl"
          bg="bg"
          color="fg"
          ps="11"
          pe="24"
          borderRadius="full"
          shadow="md"
          placeholder="Search phones, books, clothing..."
          autoComplete="off"
          role="combobox"
          aria-label="Search products"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setOpen(true);
            setActive(-1);
          }}
          onBlur={() => {
            setOpen(false);
            typing.current = false;
          }}
          onKeyDown={onKeyDown}
        />
        <Box position="absolute" insetEnd="2" top="50%" transform="translateY(-50%)" display="flex" gap="1" zIndex="1">
          {text ? (
            <IconButton
              size="sm"
              variant="ghost"
              borderRadius="full"
              aria-label="Clear search"
              onClick={() => {
                setText('');
                commitNow('');
              }}
            >
              <LuX />
            </IconButton>
          ) : null}
          <IconButton type="submit" size="sm" colorPalette="brand" borderRadius="full" aria-label="Search">
            <LuSearch />
          </IconButton>
        </Box>
      </Box>
      <chakra.ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!showList}
        position="absolute"
        zIndex="dropdown"
        top="calc(100% + 4px)"
        insetX="0"
        bg="bg"
        color="fg"
        borderWidth="1px"
        borderRadius="lg"
        shadow="lg"
        py="1"
        listStyleType="none"
        textAlign="start"
      >
        {suggestions.map((s, i) => (
          <chakra.li
            key={s.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            aria-label={`${s.name}, ${s.categoryName}`}
            px="4"
            py="2"
            cursor="pointer"
            bg={i === active ? 'bg.muted' : undefined}
            _hover={{ bg: 'bg.muted' }}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(i);
            }}
            display="flex"
            justifyContent="space-between"
            gap="3"
          >
            <chakra.span lineClamp={1}>
              <Highlight value={s.highlighted} fallback={s.name} />
            </chakra.span>
            <chakra.span fontSize="xs" color="fg.muted" flexShrink={0}>
              {s.categoryName}
            </chakra.span>
          </chakra.li>
        ))}
      </chakra.ul>
    </chakra.form>
  );
}
