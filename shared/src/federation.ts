/**
 * The federation contract as data: every remote, the module it exposes, and
 * the screens it owns (path, who may see it, seller-page title and menu
 * entry). The shell builds its route table and seller menu from this list;
 * each remote maps the same screen ids to elements (`RemoteRoutes` in
 * `@campus/shared/remote-routes`), and a test per remote fails when a listed
 * path has no screen. A new screen is one line here plus its element in the
 * remote.
 *
 * Pure data: safe for the shell's first render and for tests.
 */

export const REMOTE_NAMES = ['remoteAuth', 'remoteMarketplace', 'remoteCart', 'remoteSeller', 'remoteMessages', 'remoteOps'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Who may see a screen (spec sections 2 and 6). 'has-token' is the profile
 * page's own rule ("redirects to /auth when there is no token"), where other
 * signed-in pages go to /login. 'operator': the campus team's console (the session's user
 * `isOperator`); the API checks it again, with the second factor, on every call.
 */
export type RouteAccess = 'public' | 'guest-only' | 'signed-in' | 'has-token' | 'seller' | 'operator';

export interface ScreenContract {
  /** The key the remote maps to an element. */
  readonly id: string;
  /** Absolute path pattern (react-router syntax). */
  readonly path: string;
  readonly access: RouteAccess;
  /** Seller back-office pages get the seller chrome with this title; `menu` lists them in its side menu. */
  readonly seller?: { readonly title: string; readonly menu: boolean };
  /**
   * The screen is in the HTML the shell's server sends, drawn before any script has run (a fast first paint):
   * - 'build': its first render needs no data, session or URL state, so the remote's build renders
   *   it once (dist/prerendered/screens.json);
   * - 'request': its first render needs only the URL and public data (no session), so the remote's
   *   server renders it for each URL with that data (GET /prerendered/render), and the page carries
   *   the data too, for the screen's live first render to start from.
   */
  readonly prerender?: 'build' | 'request';
}

export interface RemoteContract {
  readonly name: RemoteName;
  /** The module the shell loads with loadRemote(`${name}/${module}`). */
  readonly exposes: './App';
  readonly screens: readonly ScreenContract[];
}

/**
 * The element of the shell's page that carries the data a request-rendered screen was drawn
 * with (the contract's `prerender: 'request'`), as TanStack Query's dehydrated state. The
 * page's query client starts from it (`@campus/shared/query`), so the screen's live first
 * render has its data without asking for it again.
 */
export const SERVER_QUERIES_ELEMENT_ID = 'server-queries';

/**
 * Where the payment provider sends the buyer back (`?trxref=…&reference=…`).
 * The API gives Paystack `${APP_URL}` + this path as the callback URL, so the
 * remote's screen and the API read the same constant.
 */
export const CHECKOUT_CALLBACK_PATH = '/checkout/callback';

const sellerPage = <const I extends string, const P extends string>(id: I, path: P, title: string, menu: boolean) =>
  ({ id, path, access: 'seller', seller: { title, menu } }) as const;

export const REMOTES = {
  remoteAuth: {
    name: 'remoteAuth',
    exposes: './App',
    screens: [
      { id: 'authChoice', path: '/auth', access: 'guest-only', prerender: 'build' },
      { id: 'login', path: '/login', access: 'guest-only', prerender: 'build' },
      { id: 'register', path: '/register', access: 'guest-only', prerender: 'build' },
      { id: 'verify', path: '/verify', access: 'public' },
      { id: 'forgotPassword', path: '/forgot-password', access: 'public', prerender: 'build' },
      { id: 'resetPassword', path: '/reset-password', access: 'public' },
      { id: 'profile', path: '/profile', access: 'has-token' },
    ],
  },
  remoteMarketplace: {
    name: 'remoteMarketplace',
    exposes: './App',
    screens: [
      { id: 'marketplace', path: '/marketplace', access: 'signed-in', prerender: 'request' },
      { id: 'product', path: '/product/:slug', access: 'signed-in', prerender: 'request' },
      { id: 'category', path: '/category/:categoryId', access: 'signed-in' },
      // Rendered per request like a product page: a shared store link's preview tags come from its data.
      { id: 'catalogue', path: '/seller/:sellerId/catalogue', access: 'signed-in', prerender: 'request' },
    ],
  },
  remoteCart: {
    name: 'remoteCart',
    exposes: './App',
    screens: [
      { id: 'cart', path: '/cart', access: 'signed-in' },
      { id: 'wishlist', path: '/wishlist', access: 'signed-in' },
      { id: 'checkoutCallback', path: CHECKOUT_CALLBACK_PATH, access: 'signed-in' },
    ],
  },
  remoteSeller: {
    name: 'remoteSeller',
    exposes: './App',
    // Most specific first: /seller/products/:id would also match /seller/products/add.
    screens: [
      { id: 'onboarding', path: '/seller/onboarding', access: 'signed-in' },
      sellerPage('dashboard', '/seller/dashboard', 'Dashboard', true),
      sellerPage('products', '/seller/products', 'Products', true),
      sellerPage('addProduct', '/seller/products/add', 'Add Product', true),
      sellerPage('editProduct', '/seller/products/edit/:productId', 'Edit Product', false),
      sellerPage('productDetails', '/seller/products/:id', 'Product Details', false),
      sellerPage('orders', '/seller/orders', 'Orders', true),
      sellerPage('customers', '/seller/customers', 'Customers', true),
      sellerPage('analytics', '/seller/analytics', 'Analytics', true),
      sellerPage('settings', '/seller/settings', 'Settings', true),
    ],
  },
  remoteMessages: {
    name: 'remoteMessages',
    exposes: './App',
    screens: [{ id: 'chat', path: '/chat', access: 'signed-in' }],
  },
  remoteOps: {
    name: 'remoteOps',
    exposes: './App',
    screens: [
      { id: 'opsReports', path: '/ops', access: 'operator' },
      { id: 'opsDisputes', path: '/ops/disputes', access: 'operator' },
      { id: 'opsAudit', path: '/ops/audit', access: 'operator' },
      { id: 'opsMoney', path: '/ops/money', access: 'operator' },
      { id: 'opsStudents', path: '/ops/students', access: 'operator' },
    ],
  },
} as const satisfies { readonly [R in RemoteName]: RemoteContract & { readonly name: R } };

/** The screen ids of one remote: its `RemoteRoutes` must give an element for each. */
export type ScreenId<R extends RemoteName> = (typeof REMOTES)[R]['screens'][number]['id'];

/**
 * The shell's own pages (not a remote's), named so `href` reaches them too. The shell's
 * route table gives each its element and access.
 */
export const SHELL_SCREENS = [
  { id: 'landing', path: '/' },
  { id: 'features', path: '/features' },
  { id: 'howItWorks', path: '/how-it-works' },
  { id: 'productsOverview', path: '/products' },
  { id: 'clientStories', path: '/client-stories' },
] as const;

type AnyScreen = (typeof REMOTES)[RemoteName]['screens'][number] | (typeof SHELL_SCREENS)[number];
/** Every screen of the site by its contract id: the one name a link or redirect uses. */
export type Screen = AnyScreen['id'];
type PathOf<S extends Screen> = Extract<AnyScreen, { id: S }>['path'];
/** `/seller/:sellerId/catalogue` -> 'sellerId'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The values a screen's path needs, by the names of its pattern (`{ slug }` for `/product/:slug`). */
export type ScreenParams<S extends Screen> = { readonly [K in ParamNames<PathOf<S>>]: string };
type HrefArgs<S extends Screen> = [ParamNames<PathOf<S>>] extends [never] ? [] : [params: ScreenParams<S>];

const SCREEN_PATHS: ReadonlyMap<string, string> = new Map(
  [...REMOTE_NAMES.flatMap((r) => REMOTES[r].screens as readonly ScreenContract[]), ...SHELL_SCREENS].map((s) => [s.id, s.path]),
);

/**
 * The URL of a screen: the one way an app writes a path (links, navigate, redirects; a lint
 * rule refuses path literals in screens). The screen name and its params are checked by
 * TypeScript against the contract above; param values are URL-encoded.
 *   href('cart') -> '/cart';  href('product', { slug: 'a b' }) -> '/product/a%20b'
 */
export function href<S extends Screen>(screen: S, ...[params]: HrefArgs<S>): string {
  const path = SCREEN_PATHS.get(screen);
  if (path === undefined) throw new Error(`No screen named ${screen}`);
  const values = (params ?? {}) as Readonly<Record<string, string>>;
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? ''));
}

/**
 * What a conversation link opens: the conversation itself, or the one about a product, an order
 * or a store (found or started by the chat screen, created on the first message).
 */
export type ConversationSubject =
  { readonly conversationId: string } | { readonly productId: string } | { readonly orderId: string } | { readonly sellerId: string };

/** The query parameter of /chat for each subject. */
export const CONVERSATION_PARAMS = { conversationId: 'c', productId: 'product', orderId: 'order', sellerId: 'seller' } as const;

/**
 * /chat as the store's inbox (the navbar's Buyers in seller mode): the screen lists the store's
 * conversations and is titled Buyers. Without it, /chat is the student's own (Chat).
 */
export const SELLER_INBOX_PARAM = 'inbox';
export const SELLER_INBOX_VALUE = 'buyers';

export function sellerInboxHref(): string {
  return `${href('chat')}?${SELLER_INBOX_PARAM}=${SELLER_INBOX_VALUE}`;
}

/** Whether a URL's query asks for the store's inbox (`location.search`, with or without its '?'). */
export function isSellerInboxSearch(search: string): boolean {
  return new URLSearchParams(search).get(SELLER_INBOX_PARAM) === SELLER_INBOX_VALUE;
}

/**
 * The URL of a conversation: the Message buttons, the new-message notice and the e-mail
 * digest's link. href('chat') with one query parameter: /chat?product=<id>.
 */
export function conversationHref(subject: ConversationSubject): string {
  const [key, value] = Object.entries(subject)[0] as [keyof typeof CONVERSATION_PARAMS, string];
  return `${href('chat')}?${CONVERSATION_PARAMS[key]}=${encodeURIComponent(value)}`;
}

/**
 * The query parameter of /login (and /register, /verify) that carries the page a guard sent a
 * signed-out student away from, so signing in (or signing up and verifying) returns them there:
 * /login?next=%2Fproduct%2Fred-shoes. Set by the shell's guards and the page server's early
 * redirect; read through safeReturnPath only.
 */
export const RETURN_PARAM = 'next';

/** The auth screens themselves: returning to one after signing in would loop. */
const AUTH_SCREEN_PATHS: ReadonlySet<string> = new Set(
  REMOTES.remoteAuth.screens.filter((s) => s.access === 'guest-only').map((s) => s.path),
);

/**
 * `value` if it is a path of this site to return to (path and query, starting with one `/`),
 * else null: never another origin (`//evil.com`, `/\evil.com`, `https://evil.com`, `javascript:`),
 * never text with control characters or backslashes (browsers read `\` as `/`), never an auth page.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // Tabs and newlines are dropped by URL parsers (`/\t/evil.com` is `//evil.com`): no control character at all.
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return null;
  }
  let url: URL;
  try {
    url = new URL(value, 'https://return.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://return.invalid') return null;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (AUTH_SCREEN_PATHS.has(path)) return null;
  return value;
}

/** The return path a URL's query carries (`location.search`, with or without its '?'), if it is safe. */
export function returnPathFrom(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}

/** `path` carrying the page to return to (`/login?next=…`), or `path` alone when there is none or it is not safe. */
export function withReturnPath(path: string, returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${path}?${RETURN_PARAM}=${encodeURIComponent(safe)}` : path;
}

/** Where signing in leads: the safe return path of the URL's query, else /marketplace (spec section 4). */
export function afterSignInPath(search: string): string {
  return returnPathFrom(search) ?? href('marketplace');
}
