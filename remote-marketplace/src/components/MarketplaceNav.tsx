/**
 * The ways back to /marketplace the marketplace's pages share: the
 * breadcrumb trail that starts at Marketplace, and the Back to Marketplace
 * button of their error states.
 */
import { Breadcrumb, Button } from '@campus/shared/ui';
import { Fragment } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { href } from '@campus/shared/federation';

export interface Crumb {
  label: string;
  /** A link; the last crumb (the current page) has none. */
  to?: string;
}

/** Marketplace › …trail; the last crumb is the current page. */
export function MarketplaceCrumbs({ trail, mb = '4' }: { trail: readonly Crumb[]; mb?: string }) {
  const crumbs: Crumb[] = [{ label: 'Marketplace', to: href('marketplace') }, ...trail];
  return (
    <Breadcrumb.Root size="sm" mb={mb}>
      <Breadcrumb.List>
        {crumbs.map((crumb, i) => (
          <Fragment key={`${i}-${crumb.label}`}>
            {i > 0 ? <Breadcrumb.Separator /> : null}
            <Breadcrumb.Item>
              {crumb.to && i < crumbs.length - 1 ? (
                <Breadcrumb.Link asChild>
                  <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
                </Breadcrumb.Link>
              ) : (
                <Breadcrumb.CurrentLink lineClamp={1}>{crumb.label}</Breadcrumb.CurrentLink>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

export function BackToMarketplace({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  return (
    <Button asChild size={size} variant="outline">
      <RouterLink to={href('marketplace')}>
        <LuArrowLeft /> Back to Marketplace
      </RouterLink>
    </Button>
  );
}
