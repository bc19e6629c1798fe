import { BADGE_COUNT_CAP } from '../../constants';
import { chakra } from '../chakra';

/** Spec section 9: counts above the cap read "99+". */
export function formatBadgeCount(count: number): string {
  return count > BADGE_COUNT_CAP ? `${BADGE_COUNT_CAP}+` : String(Math.max(0, Math.floor(count)));
}

export interface CountBadgeProps {
  count: number;
  /** Announced to screen readers, e.g. "items in cart". */
  label?: string;
  /** Over an icon's corner (cart, wishlist), or inline after a text label (Chat's unread count). */
  placement?: 'corner' | 'inline';
  testId?: string;
}

/** A small pill over an icon (cart, wishlist) or after a label. Renders nothing at zero. */
export function CountBadge({ count, label, placement = 'corner', testId = 'count-badge' }: CountBadgeProps) {
  if (count <= 0) return null;
  const text = formatBadgeCount(count);
  return (
    <chakra.span
      data-testid={testId}
      aria-label={label ? `${text} ${label}` : undefined}
      {...(placement === 'corner' ? { position: 'absolute', top: '-1', insetEnd: '-1' } : { display: 'inline-block', ms: '1.5' })}
      minW="5"
      h="5"
      px="1"
      borderRadius="full"
      bg="red.600"
      color="white"
      fontSize="2xs"
      fontWeight="bold"
      // The pill's height, as a length: Chakra v3 reads a bare "5" as five times the font size
      // (50 px), which drew the white digits below the pill, on the white navbar.
      lineHeight="1.25rem"
      textAlign="center"
      pointerEvents="none"
    >
      {text}
    </chakra.span>
  );
}
