import { Fragment } from 'react';
import { Breadcrumb } from '@campus/shared/ui';
import { Link as RouterLink } from 'react-router-dom';
import { href } from '@campus/shared/federation';

/**
 * Home > Sell (> page): the breadcrumb of onboarding ("under a /sell
 * breadcrumb") and of Customers and Analytics (spec section 2). Sell links to
 * the dashboard when a page follows it; the last crumb is the current page.
 */
export function SellCrumbs({ page, mb }: { page?: string; mb?: string }) {
  const crumbs = [
    { label: 'Home', to: href('landing') },
    { label: 'Sell', to: href('dashboard') },
    ...(page ? [{ label: page, to: '' }] : []),
  ];
  return (
    <Breadcrumb.Root size="sm" mb={mb}>
      <Breadcrumb.List>
        {crumbs.map((crumb, i) => (
          <Fragment key={crumb.label}>
            {i > 0 ? <Breadcrumb.Separator /> : null}
            <Breadcrumb.Item>
              {i < crumbs.length - 1 ? (
                <Breadcrumb.Link asChild>
                  <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
                </Breadcrumb.Link>
              ) : (
                <Breadcrumb.CurrentLink>{crumb.label}</Breadcrumb.CurrentLink>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
