import { PRODUCT_GRID_COLUMNS, PRODUCT_GRID_GAP, ProductCardList } from '@campus/shared/product-ui';
import { SimpleGrid, Skeleton, Stack } from '@campus/shared/ui';
import type { ReactNode } from 'react';
import type { ViewMode } from './ViewToggle';

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
      templateColumns={PRODUCT_GRID_COLUMNS}
      gap={PRODUCT_GRID_GAP}
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
      templateColumns={PRODUCT_GRID_COLUMNS}
      gap={PRODUCT_GRID_GAP}
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
