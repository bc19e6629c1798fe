import { Link as RouterLink } from 'react-router-dom';
import { href } from '@campus/shared/federation';
import { Button, type ButtonProps } from '@campus/shared/ui';

/** Start Shopping / Continue Shopping (spec section 2): back to /marketplace. */
export function ShoppingLink({ children, ...props }: ButtonProps) {
  return (
    <Button asChild variant="outline" {...props}>
      <RouterLink to={href('marketplace')}>{children}</RouterLink>
    </Button>
  );
}
