import { Button, HStack, Text, chakra } from '@campus/shared/ui';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';

/** Real paging (the spec's page control is static): Previous, "Page n of m", Next. */
export function Pager({
  page,
  totalPages,
  onChange,
  label,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <chakra.nav aria-label={label} display="flex" justifyContent="center" py="2">
      <HStack gap="3">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          <LuChevronLeft aria-hidden="true" /> Previous
        </Button>
        <Text fontSize="sm" aria-live="polite">
          Page {page} of {totalPages}
        </Text>
        <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
          Next <LuChevronRight aria-hidden="true" />
        </Button>
      </HStack>
    </chakra.nav>
  );
}
