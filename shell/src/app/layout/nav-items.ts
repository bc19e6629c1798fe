/** What the navbar (and its mobile menu) offers, derived from the session and the path. */
import { href, sellerInboxHref } from '@campus/shared/federation';

export type NavItem =
  /** `count`: the Chat (Buyers) item's unread badge. */
  | { kind: 'link'; id: string; label: string; to: string; variant?: 'primary'; count?: number }
  | { kind: 'icon'; id: 'wishlist' | 'cart'; label: string; to: string; count: number }
  | { kind: 'sign-out'; id: 'sign-out'; label: string };

export type NavMode = 'loading' | 'guest' | 'user';

export interface NavInput {
  mode: NavMode;
  isSeller: boolean;
  sellerMode: boolean;
  cartCount: number;
  wishlistCount: number;
  /** Unread messages, as a buyer and as a store (the conversation list's unreadTotal). */
  unreadCount: number;
}

export const GUEST_ITEMS: readonly NavItem[] = [
  { kind: 'link', id: 'features', label: 'Features', to: href('features') },
  { kind: 'link', id: 'how-it-works', label: 'How it works', to: href('howItWorks') },
  { kind: 'link', id: 'products', label: 'Products', to: href('productsOverview') },
  { kind: 'link', id: 'client-stories', label: 'Client Stories', to: href('clientStories') },
  { kind: 'link', id: 'sign-in', label: 'Sign In', to: href('login') },
  { kind: 'link', id: 'get-started', label: 'Get Started', to: href('authChoice'), variant: 'primary' },
];

export function navItems({ mode, isSeller, sellerMode, cartCount, wishlistCount, unreadCount }: NavInput): NavItem[] {
  // Before the session is read (the prerendered page, and the hydration that must match it): the guest
  // links, which the navbar hides when the page found a stored session (no guest flash for a student).
  if (mode === 'loading' || mode === 'guest') return [...GUEST_ITEMS];
  return [
    // Spec: Chat is labelled Buyers in seller mode, and then opens the store's inbox.
    {
      kind: 'link',
      id: 'chat',
      label: sellerMode ? 'Buyers' : 'Chat',
      to: sellerMode ? sellerInboxHref() : href('chat'),
      count: unreadCount,
    },
    isSeller
      ? { kind: 'link', id: 'sell', label: 'Seller Dashboard', to: href('dashboard') }
      : { kind: 'link', id: 'sell', label: 'Sell', to: href('onboarding') },
    { kind: 'link', id: 'me', label: 'Me', to: href('profile') },
    { kind: 'icon', id: 'wishlist', label: 'Wishlist', to: href('wishlist'), count: wishlistCount },
    { kind: 'icon', id: 'cart', label: 'Cart', to: href('cart'), count: cartCount },
    { kind: 'sign-out', id: 'sign-out', label: 'Sign out' },
  ];
}
