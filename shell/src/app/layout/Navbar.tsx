/**
 * Top navigation: guest links, or the signed-in links with wishlist and cart
 * badges; the same items sit in a Drawer below the md breakpoint. Until the
 * session is read (the prerendered HTML, hydration) it draws the guest links,
 * so a guest's first paint has Sign In and Get Started as plain links; a page
 * that holds a stored session hides them from the first paint (an attribute
 * the page's first script puts on <html>) until the signed-in links replace them.
 */
import { lazy, memo, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { LuHeart, LuMenu, LuShoppingCart } from 'react-icons/lu';
import { Link as RouterLink, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useSession, sessionStore } from '@campus/shared/session';
import {
  Box,
  Button,
  CloseButton,
  Container,
  CountBadge,
  Drawer,
  Flex,
  formatBadgeCount,
  HStack,
  IconButton,
  Link,
  loadOverlays,
  Portal,
  Stack,
  VisuallyHidden,
} from '@campus/shared/ui';
import { STORED_SESSION_ATTRIBUTE } from '../../prerender/placeholders';
import { isSellerModePath } from '../routing/route-table';
import { Logo } from './Logo';
import { navItems, type NavItem, type NavMode } from './nav-items';
import { useBadgeCounts } from './use-badge-counts';
import { afterMainContent } from './main-content';
import { href, isSellerInboxSearch } from '@campus/shared/federation';

const ICONS = { cart: LuShoppingCart, wishlist: LuHeart } as const;

/** The guest links drawn before the session is read: hidden when the page holds a stored session. */
const HIDDEN_IF_STORED_SESSION = { [`html[${STORED_SESSION_ATTRIBUTE}] &`]: { visibility: 'hidden' } } as const;

// The new-message notice: loaded once someone is signed in and the live stream it listens to runs
// (use-badge-counts.ts: after the page's main content), since it loads the API contract too.
const MessageNotice = lazy(() => import(/* webpackChunkName: "message-notice" */ '@campus/shared/message-notice'));

/** The Chat (Buyers) item's unread count, beside its label: "Chat 3 unread messages" to a screen reader. */
function UnreadCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <>
      {' '}
      <CountBadge count={count} placement="inline" testId="chat-unread" />
      <VisuallyHidden> unread {count === 1 ? 'message' : 'messages'}</VisuallyHidden>
    </>
  );
}

/**
 * "Cart, 3 items": the badge's number is a word of the name (WCAG 2.5.3, so a
 * voice user can say "click 3"; in brackets, axe-core and speech tools drop it).
 */
function iconLabel(label: string, count: number): string {
  return count > 0 ? `${label}, ${formatBadgeCount(count)} ${count === 1 ? 'item' : 'items'}` : label;
}

interface ItemProps {
  item: NavItem;
  onSignOut: () => void;
  /** Mobile menu: full-width rows; closes the drawer when followed. */
  stacked?: boolean;
  onFollow?: () => void;
}

function NavEntry({ item, onSignOut, stacked = false, onFollow }: ItemProps) {
  if (item.kind === 'sign-out') {
    return (
      <Button
        variant="outline"
        size="sm"
        width={stacked ? 'full' : undefined}
        onClick={() => {
          onFollow?.();
          onSignOut();
        }}
      >
        {item.label}
      </Button>
    );
  }
  if (item.kind === 'icon') {
    const Icon = ICONS[item.id];
    if (stacked) {
      return (
        <Link asChild py="2" fontWeight="medium" _currentPage={{ color: 'brand.fg' }}>
          <NavLink to={item.to} onClick={onFollow} aria-label={iconLabel(item.label, item.count)}>
            <Icon aria-hidden="true" />
            {item.label}
            {item.count > 0 ? (
              <Box as="span" color="fg.muted">
                ({formatBadgeCount(item.count)})
              </Box>
            ) : null}
          </NavLink>
        </Link>
      );
    }
    return (
      <IconButton asChild variant="ghost" size="sm" position="relative" aria-label={iconLabel(item.label, item.count)}>
        <NavLink to={item.to} data-testid={`nav-${item.id}`}>
          <Icon aria-hidden="true" />
          <CountBadge count={item.count} />
        </NavLink>
      </IconButton>
    );
  }
  if (item.variant === 'primary') {
    return (
      <Button asChild colorPalette="brand" size="sm" width={stacked ? 'full' : undefined}>
        <RouterLink to={item.to} onClick={onFollow}>
          {item.label}
        </RouterLink>
      </Button>
    );
  }
  return (
    <Link
      asChild
      py={stacked ? '2' : undefined}
      px={stacked ? undefined : '2'}
      fontWeight="medium"
      color="fg.muted"
      _hover={{ color: 'fg', textDecoration: 'none' }}
      _currentPage={{ color: 'brand.fg' }}
    >
      <NavLink to={item.to} onClick={onFollow} end>
        {item.label}
        {item.count !== undefined ? <UnreadCount count={item.count} /> : null}
      </NavLink>
    </Link>
  );
}

/**
 * Where the bar's links show (`display={{ base: 'none', md: 'flex' }}`): Chakra's md breakpoint,
 * as the design system writes it in its media queries.
 */
const DESKTOP_LINKS_QUERY = 'screen and (min-width: 48rem)';

/** Whether the bar's links show at this width; followed as the window is resized or turned. */
function useDesktopLinksShown(): boolean {
  const [shown, setShown] = useState(() => typeof window === 'undefined' || window.matchMedia(DESKTOP_LINKS_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(DESKTOP_LINKS_QUERY);
    const update = () => setShown(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return shown;
}

/**
 * Reads the session. It arrives through zustand, whose updates React renders at once, in one
 * task; the bar that draws it is deferred (useDeferredValue) behind a memo, so React draws the
 * signed-in links in slices a phone can answer input between. Reading the session at start used
 * to be one task of 100-200 ms (product page, cold cache, CPU 3x on a machine whose benchmark
 * index read 1,601, about 2,135 as simulated; docs/performance.md): the bar's Chakra components
 * drawn new, in one go. Guards and pages still see the session at once (guards/Guards.tsx).
 */
export function Navbar() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const isSeller = useSession((s) => s.isSeller);
  // While the session is read, the guest links, hidden if a token is stored (no guest flash).
  const mode: NavMode = user ? 'user' : status === 'loading' ? 'loading' : 'guest';
  return <NavbarBar mode={useDeferredValue(mode)} isSeller={useDeferredValue(isSeller)} />;
}

const NavbarBar = memo(function NavbarBar({ mode, isSeller }: { mode: NavMode; isSeller: boolean }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuAsked, setMenuAsked] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The design system's lazy overlays (this menu's drawer, the screens' dialogs and tabs) load once
  // the page's main content has shown, so they are in before anyone asks for one.
  useEffect(() => afterMainContent(() => void loadOverlays().catch(() => undefined)), []);
  const pending = mode === 'loading' ? { css: HIDDEN_IF_STORED_SESSION, 'data-session-pending': '' } : {};
  // Below md the bar's links are hidden and the menu's drawer lists the items: a phone never
  // draws them once the session is read. Until then they are the server's (hydrated as they are).
  const desktopLinksShown = useDesktopLinksShown();
  const counts = useBadgeCounts(mode === 'user');
  const items = navItems({
    mode,
    isSeller,
    // Seller mode: the back-office pages, and the store's inbox they link to as Buyers.
    sellerMode: isSellerModePath(pathname) || (isSeller && pathname === href('chat') && isSellerInboxSearch(search)),
    cartCount: counts.cart,
    wishlistCount: counts.wishlist,
    unreadCount: counts.chat,
  });

  const phoneCart = mode === 'user' ? items.find((item) => item.id === 'cart') : undefined;

  const signOut = () => {
    sessionStore.getState().signOut();
    navigate(href('landing'));
  };

  return (
    <>
      <Box
        as="header"
        position="sticky"
        top="0"
        zIndex="sticky"
        bg="bg/90"
        backdropFilter="saturate(180%) blur(8px)"
        borderBottomWidth="1px"
      >
        <Container maxW="7xl" px={{ base: '4', md: '6' }}>
          <Flex h="16" align="center" justify="space-between" gap="4">
            <Logo />
            <HStack as="nav" aria-label="Main" gap="1" display={{ base: 'none', md: 'flex' }} data-testid="desktop-nav" {...pending}>
              {mode === 'loading' || desktopLinksShown
                ? items.map((item) => <NavEntry key={item.id} item={item} onSignOut={signOut} />)
                : null}
            </HStack>
            {items.length > 0 ? (
              <>
                {/* On a phone the cart stays in sight beside the menu, with its count (drawn once the
                    session is read, so it never doubles the bar's entry in the server's HTML). */}
                {!desktopLinksShown && phoneCart ? (
                  <Box ms="auto" display={{ base: 'block', md: 'none' }}>
                    <NavEntry item={phoneCart} onSignOut={signOut} />
                  </Box>
                ) : null}
                {/* A plain button, live from the first paint: the drawer (a lazy part of the design
                    system) is drawn once the menu is first asked for, and opens when it is in. */}
                <IconButton
                  ref={menuButton}
                  aria-label="Open menu"
                  aria-haspopup="dialog"
                  aria-expanded={menuOpen}
                  variant="ghost"
                  display={{ base: 'inline-flex', md: 'none' }}
                  onClick={() => {
                    setMenuAsked(true);
                    setMenuOpen(true);
                  }}
                  {...pending}
                >
                  <LuMenu />
                </IconButton>
                {menuAsked ? (
                  <Suspense fallback={null}>
                    <Drawer.Root
                      open={menuOpen}
                      onOpenChange={(e) => setMenuOpen(e.open)}
                      placement="end"
                      size="xs"
                      finalFocusEl={() => menuButton.current}
                    >
                      <Portal>
                        <Drawer.Backdrop />
                        <Drawer.Positioner>
                          <Drawer.Content>
                            <Drawer.Header>
                              <Drawer.Title>Menu</Drawer.Title>
                            </Drawer.Header>
                            <Drawer.Body>
                              <Stack as="nav" aria-label="Mobile" gap="2" data-testid="mobile-nav">
                                {items.map((item) => (
                                  <NavEntry key={item.id} item={item} onSignOut={signOut} stacked onFollow={() => setMenuOpen(false)} />
                                ))}
                              </Stack>
                            </Drawer.Body>
                            <Drawer.CloseTrigger asChild>
                              <CloseButton size="sm" aria-label="Close menu" />
                            </Drawer.CloseTrigger>
                          </Drawer.Content>
                        </Drawer.Positioner>
                      </Portal>
                    </Drawer.Root>
                  </Suspense>
                ) : null}
              </>
            ) : null}
          </Flex>
        </Container>
      </Box>
      {/* Outside the header: its backdrop filter would hold a fixed-position child inside it. */}
      {mode === 'user' && counts.live ? (
        <Suspense fallback={null}>
          <MessageNotice />
        </Suspense>
      ) : null}
    </>
  );
});
