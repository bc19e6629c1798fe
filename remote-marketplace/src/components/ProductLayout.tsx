import { ProductCardList } from '@campus/shared/product-ui';
import { SimpleGrid, Skeleton, Stack } from '@campus/shared/ui';
import type { ReactNode } from 'react';
import type { ViewMode } from './ViewToggle';

/**
 * Columns of at least 9.5 rem: two cards a row on a 360-430 px phone (as students know from Jiji),
 * one on the narrowest screens, three from a tablet up (spec: "1, 2 or 3 columns by width").
 */
const GRID_COLUMNS = { base: 'repeat(auto-fill, minmax(9.5rem, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } as const;

/** Lays out product cards as a responsive grid or a list; the first screen's photos load first. */
export function ProductLayout({ view, children, label }: { view: ViewMode; children: ReactNode; label: string }) {
  if (view === 'list') {
    return (
      <Stack as="ul" listStyleType="none" gap="3" aria-label={label} data-view="list">
        <ProductCardList>{children}</ProductCardList>
      </Stack>
    );
  }
  return (
    <SimpleGrid
      as="ul"
      listStyleType="none"
      templateColumns={GRID_COLUMNS}
      gap={{ base: '2', sm: '4' }}
      aria-label={label}
      data-view="grid"
    >
      <ProductCardList>{children}</ProductCardList>
    </SimpleGrid>
  );
}

/** Placeholder cards while the first page loads. */
export function ProductLayoutSkeleton({ count = 6 }: { count?: number }) {
  return (
    <SimpleGrid
      templateColumns={GRID_COLUMNS}
      gap={{ base: '2', sm: '4' }}
      role="status"
      aria-label="Loading products"
      data-testid="products-loading"
    >
      {Array.from({ length: count }, (_, i) => (
        <Stack key={i} gap="2">
          <Skeleton aspectRatio={4 / 3} borderRadius="md" />
          <Skeleton h="4" w="80%" />
          <Skeleton h="4" w="40%" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}
