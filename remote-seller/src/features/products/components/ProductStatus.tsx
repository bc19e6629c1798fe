import { LOW_STOCK_THRESHOLD } from '@campus/shared/constants';
import { Badge } from '@campus/shared/ui';

/** Spec section 4: stock 0 is Out of Stock (red), below 10 Draft (yellow), otherwise Active (green). */
export function productStatus(stock: number): { label: 'Out of Stock' | 'Draft' | 'Active'; palette: 'red' | 'yellow' | 'green' } {
  if (stock <= 0) return { label: 'Out of Stock', palette: 'red' };
  if (stock < LOW_STOCK_THRESHOLD) return { label: 'Draft', palette: 'yellow' };
  return { label: 'Active', palette: 'green' };
}

export function ProductStatusBadge({ stock }: { stock: number }) {
  const status = productStatus(stock);
  return (
    <Badge colorPalette={status.palette} data-status-colour={status.palette}>
      {status.label}
    </Badge>
  );
}
