import { HStack, IconButton, Text } from '@campus/shared/ui';
import { LuStar } from 'react-icons/lu';

export const RATING_COMING_SOON = 'Rating sellers is coming soon!';

/** The visitor's star rating: five buttons that, for now, only show an alert (spec section 6). */
export function RateSeller({ onRate }: { onRate: (stars: number) => void }) {
  return (
    <HStack gap="1" role="group" aria-label="Rate this seller">
      <Text fontSize="sm" me="1">
        Rate:
      </Text>
      {[1, 2, 3, 4, 5].map((n) => (
        <IconButton
          key={n}
          size="xs"
          variant="ghost"
          color="orange.400"
          aria-label={`Rate ${n} ${n === 1 ? 'star' : 'stars'}`}
          onClick={() => onRate(n)}
        >
          <LuStar />
        </IconButton>
      ))}
    </HStack>
  );
}
