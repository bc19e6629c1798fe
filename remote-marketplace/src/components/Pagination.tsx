import { Button, HStack, IconButton, Text, chakra } from '@campus/shared/ui';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';

/** 1-based page numbers to show, with 0 standing for an ellipsis: 1 … 4 5 6 … 12. */
export function pageWindow(current: number, total: number): number[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set([1, total, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const out: number[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push(0);
    out.push(p);
  });
  return out;
}

export function Pagination({ page, totalPages, onChange }: { page: number; totalPages: number; onChange: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <chakra.nav aria-label="Pagination" display="flex" justifyContent="center" py="6">
      <HStack gap="1" wrap="wrap" justify="center">
        <IconButton size="sm" variant="outline" aria-label="Previous page" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          <LuChevronLeft />
        </IconButton>
        {pageWindow(page, totalPages).map((p, i) =>
          p === 0 ? (
            <Text key={`gap-${i}`} px="1" color="fg.muted" aria-hidden="true">
              …
            </Text>
          ) : (
            <Button
              key={p}
              size="sm"
              variant={p === page ? 'solid' : 'ghost'}
              colorPalette={p === page ? 'brand' : 'gray'}
              aria-label={`Page ${p}`}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => onChange(p)}
            >
              {p}
            </Button>
          ),
        )}
        <IconButton size="sm" variant="outline" aria-label="Next page" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
          <LuChevronRight />
        </IconButton>
      </HStack>
    </chakra.nav>
  );
}
