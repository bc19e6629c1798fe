/**
 * Route guards (spec section 2 "Guards"), used as pathless layout routes:
 * they render the matched child through <Outlet /> or redirect.
 */
import { afterSignInPath, href, withReturnPath } from '@campus/shared/federation';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '@campus/shared/session';
import { Box, PageSpinner } from '@campus/shared/ui';
import { LATE_PAGE_MIN_H } from '../layout/AppLayout';
import type { Access } from '../routing/route-table';

export const LOGIN_PATH = href('login');
export const AUTH_PATH = href('authChoice');
export const GUEST_HOME_REDIRECT = href('marketplace');
export const ONBOARDING_PATH = href('onboarding');

function SessionSpinner() {
  return <PageSpinner label="Loading your session" minH={LATE_PAGE_MIN_H} />;
}

/** A redirect that keeps the page's first screen held, so the footer does not jump up for the one frame before the next page. */
function Redirect({ to }: { to: string }) {
  return (
    <Box minH={LATE_PAGE_MIN_H}>
      <Navigate to={to} replace />
    </Box>
  );
}

/** /login carrying the page asked for (`?next=`), so signing in returns there (a shared link opened signed out). */
function ToLogin() {
  const { pathname, search } = useLocation();
  return <Redirect to={withReturnPath(LOGIN_PATH, pathname + search)} />;
}

/**
 * Signed-in pages: /login without a user, carrying the page asked for (`?next=`). Until the session is read (the first render, before
 * the shell's start-up effect reads local storage) the page is drawn as for a signed-in student:
 * that is what the server's HTML shows (it cannot see the session, and a request-rendered screen,
 * the contract's `prerender: 'request'`, is in it), and a guest is sent on as soon as
 * the session is read. A stored token whose profile is still being fetched gets the spinner.
 */
export function RequireUser() {
  const status = useSession((s) => s.status);
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  if (status === 'loading') return token ? <SessionSpinner /> : <Outlet />;
  // Signing in returns to this page (the spec's /marketplace stays the default: afterSignInPath).
  if (!user) return <ToLogin />;
  return <Outlet />;
}

/** The profile page: a spinner while the session loads, /auth without a token (spec section 2). */
export function RequireToken() {
  const status = useSession((s) => s.status);
  const token = useSession((s) => s.token);
  if (status === 'loading') return <SessionSpinner />;
  if (!token) return <Redirect to={AUTH_PATH} />;
  return <Outlet />;
}

/**
 * Guest-only pages (/auth, /login, /register): a signed-in user goes to /marketplace, or to the
 * safe page their URL's `?next=` names (the page a guard sent them away from).
 * Until the session is read the page is drawn as for a guest, which nearly every visitor
 * of these pages is: it is what the server's HTML shows (the remote's prerendered form,
 * drawn at build time), and a signed-in user is sent on as soon as the session is read. A stored
 * token whose profile is still being fetched gets the spinner: no form to sign in with
 * while another session is being restored.
 */
export function GuestOnly() {
  const status = useSession((s) => s.status);
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const { search } = useLocation();
  if (status === 'loading' && token) return <SessionSpinner />;
  if (status === 'ready' && user) return <Redirect to={afterSignInPath(search)} />;
  return <Outlet />;
}

/** Seller pages: signed-in first, then a non-seller goes to /seller/onboarding. */
export function RequireSeller() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const isSeller = useSession((s) => s.isSeller);
  if (status === 'loading') return <SessionSpinner />;
  if (!user) return <ToLogin />;
  if (!isSeller) return <Redirect to={ONBOARDING_PATH} />;
  return <Outlet />;
}

/**
 * The operations console: signed-in first, then anyone but an operator goes to the marketplace
 * (the console is not announced to students). The API refuses them all the same.
 */
export function RequireOperator() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  if (status === 'loading') return <SessionSpinner />;
  if (!user) return <ToLogin />;
  if (!user.isOperator) return <Redirect to={GUEST_HOME_REDIRECT} />;
  return <Outlet />;
}

/** The guard element for an access level; public pages need none. */
export function guardFor(access: Exclude<Access, 'public'>) {
  switch (access) {
    case 'guest-only':
      return <GuestOnly />;
    case 'signed-in':
      return <RequireUser />;
    case 'has-token':
      return <RequireToken />;
    case 'seller':
      return <RequireSeller />;
    case 'operator':
      return <RequireOperator />;
  }
}
