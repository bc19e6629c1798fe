import { chakra } from '@campus/shared/ui';

export interface StarRatingProps {
  /** 0 to 5; fractions round to the nearest half star. */
  value: number;
  /** Number of ratings, shown in brackets when given. */
  count?: number;
  size?: 'xs' | 'sm' | 'md';
}

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z';

/** A read-only star row with a text alternative ("Rated 4.5 out of 5"). */
export function StarRating({ value, count, size = 'sm' }: StarRatingProps) {
  const rounded = Math.round(Math.max(0, Math.min(5, value)) * 2) / 2;
  const px = size === 'xs' ? 12 : size === 'sm' ? 14 : 18;
  return (
    <chakra.span
      display="inline-flex"
      alignItems="center"
      gap="1"
      role="img"
      aria-label={`Rated ${rounded} out of 5${count !== undefined ? ` from ${count} ratings` : ''}`}
    >
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = rounded >= i + 1 ? 1 : rounded >= i + 0.5 ? 0.5 : 0;
        return (
          <svg key={i} width={px} height={px} viewBox="0 0 24 24" aria-hidden="true">
            <defs>
              <linearGradient id={`star-half-${i}`}>
                <stop offset="50%" stopColor="#f59e0b" />
                <stop offset="50%" stopColor="#d4d4d8" />
              </linearGradient>
            </defs>
            <path d={STAR} fill={fill === 1 ? '#f59e0b' : fill === 0.5 ? `url(#star-half-${i})` : '#d4d4d8'} />
          </svg>
        );
      })}
      {count !== undefined ? (
        <chakra.span fontSize="xs" color="fg.muted">
          ({count})
        </chakra.span>
      ) : null}
    </chakra.span>
  );
}
