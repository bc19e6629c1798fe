import { Center, Spinner } from '../chakra';

export interface PageSpinnerProps {
  /** Read by screen readers; also the test hook. */
  label?: string;
  minH?: string;
}

/** The spinner a page shows while its data or session loads. */
export function PageSpinner({ label = 'Loading', minH = '40vh' }: PageSpinnerProps) {
  return (
    <Center minH={minH} role="status" aria-live="polite" aria-label={label} data-testid="page-spinner">
      <Spinner size="lg" color="brand.solid" />
    </Center>
  );
}
