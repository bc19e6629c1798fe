import { formatNaira } from '../money';
import { chakra } from '@campus/shared/ui';

export interface PriceProps {
  /** The API's numeric string ("12500.50") or the search record's number. */
  value: string | number;
  /** Struck-through "was" price, shown only when higher than value. */
  original?: string | number | null;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

const FONT_SIZE = { sm: 'sm', md: 'md', lg: 'xl', xl: '2xl' } as const;

function safeFormat(value: string | number): string | null {
  try {
    return formatNaira(value);
  } catch {
    // A malformed amount from the wire must not break the whole page.
    return null;
  }
}

/** Naira with 2 decimals (spec section 5), e.g. ₦12,500.50. */
export function Price({ value, original, size = 'md' }: PriceProps) {
  const text = safeFormat(value);
  const was = original != null ? safeFormat(original) : null;
  const showWas = was !== null && Number(original) > Number(value);
  return (
    <chakra.span display="inline-flex" alignItems="baseline" gap="2" flexWrap="wrap">
      <chakra.span data-testid="price" fontWeight="bold" fontSize={FONT_SIZE[size]} color="fg">
        {text ?? '—'}
      </chakra.span>
      {showWas ? (
        // aria-label is not allowed on <s> (a deletion has no name): "was" is hidden text instead.
        <chakra.s color="fg.muted" fontSize="sm">
          <chakra.span srOnly>was </chakra.span>
          {was}
        </chakra.s>
      ) : null}
    </chakra.span>
  );
}
