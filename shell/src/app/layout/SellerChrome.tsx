/**
 * Seller-mode chrome (spec section 2): page title, Accept Order button and
 * the seller side menu around the seller back-office pages. Accept Order only
 * announces the request; remote-seller owns the completion-code dialog, so the
 * button is busy and disabled until that remote is live (a click before would be lost).
 */
import {
  LuChartColumn,
  LuCirclePlus,
  LuClipboardList,
  LuLayoutDashboard,
  LuPackage,
  LuPackageCheck,
  LuSettings,
  LuUsers,
} from 'react-icons/lu';
import type { IconType } from 'react-icons';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { eventBus } from '@campus/shared/event-bus';
import { Box, Button, Container, Flex, Heading, HStack, Link, Spinner, Stack, usePageTitle } from '@campus/shared/ui';
import type { RemoteName } from '@campus/shared/runtime-config';
import { useRemoteLive } from '../remote/remote-live';
import { findSellerPage, SELLER_PAGES, type SellerScreenId } from '../routing/route-table';

export const ACCEPT_ORDER_LABEL = 'Accept Order';

/** An icon per seller page of the contract (the type refuses a page without one). */
const PAGE_ICONS: Record<SellerScreenId, IconType> = {
  dashboard: LuLayoutDashboard,
  products: LuPackage,
  addProduct: LuCirclePlus,
  editProduct: LuPackage,
  productDetails: LuPackage,
  orders: LuClipboardList,
  customers: LuUsers,
  analytics: LuChartColumn,
  settings: LuSettings,
};

export function sellerPageTitle(pathname: string): string {
  return findSellerPage(pathname)?.title ?? 'Seller';
}

/**
 * On a phone the menu is one row that scrolls sideways: bring the current page's entry into it
 * (a little of its neighbour showing), so a seller sees where they are without hunting for it.
 * Only the row scrolls, never the page.
 */
export function scrollCurrentIntoRow(row: HTMLElement): void {
  const current = row.querySelector<HTMLElement>('[aria-current="page"]');
  if (!current || row.scrollWidth <= row.clientWidth) return;
  const start = current.offsetLeft - row.offsetLeft;
  const end = start + current.offsetWidth;
  const peek = 24;
  if (start < row.scrollLeft) row.scrollLeft = Math.max(0, start - peek);
  else if (end > row.scrollLeft + row.clientWidth) row.scrollLeft = end - row.clientWidth + peek;
}

function SellerMenu() {
  const { pathname } = useLocation();
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (row.current) scrollCurrentIntoRow(row.current);
  }, [pathname]);
  return (
    <Stack
      ref={row}
      as="nav"
      aria-label="Seller menu"
      direction={{ base: 'row', lg: 'column' }}
      gap="1"
      overflowX={{ base: 'auto', lg: 'visible' }}
      pb={{ base: '2', lg: '0' }}
    >
      {SELLER_PAGES.filter((p) => p.inMenu).map((page) => {
        const Icon = PAGE_ICONS[page.id];
        return (
          <Link
            asChild
            key={page.path}
            display="flex"
            alignItems="center"
            gap="2"
            px="3"
            py="2"
            minH={{ base: '11', lg: 'auto' }}
            borderRadius="md"
            whiteSpace="nowrap"
            color="fg.muted"
            _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
            _currentPage={{ bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' }}
          >
            <NavLink to={page.path} end>
              <Icon aria-hidden="true" />
              {page.title}
            </NavLink>
          </Link>
        );
      })}
    </Stack>
  );
}

/** A pathless layout route around the seller pages (inside the seller guard). */
export function SellerChrome({ remote }: { remote: RemoteName }) {
  const { pathname } = useLocation();
  const answered = useRemoteLive(remote);
  const title = sellerPageTitle(pathname);
  usePageTitle(`${title} · Seller`);
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '4', md: '8' }}>
      <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: '4', lg: '8' }} align="flex-start">
        <Box as="aside" w={{ base: 'full', lg: '56' }} flexShrink={0} position={{ lg: 'sticky' }} top={{ lg: '24' }}>
          <SellerMenu />
        </Box>
        <Box flex="1" minW="0" w="full">
          <HStack justify="space-between" align="center" mb="6" gap="3" wrap="wrap">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="seller-page-title">
              {title}
            </Heading>
            {/* Busy (its icon a spinner) and disabled until the remote that answers it is live; its name stays. */}
            <Button
              colorPalette="brand"
              disabled={!answered}
              aria-busy={!answered}
              onClick={() => eventBus.emit('order:completion-requested', {})}
            >
              {answered ? <LuPackageCheck aria-hidden="true" /> : <Spinner size="inherit" borderWidth="0.125em" color="inherit" />}
              {ACCEPT_ORDER_LABEL}
            </Button>
          </HStack>
          <Outlet />
        </Box>
      </Flex>
    </Container>
  );
}
