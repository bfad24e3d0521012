/**
 * Every path the web app answers (docs/product.md). The router renders these; the server answers
 * 404 for anything else. React Router matches without regard to case or a trailing slash, and so
 * does isKnownAppPath.
 */
export const PUBLIC_PATHS = [
  '/',
  '/about',
  '/features',
  '/faq',
  '/how-it-works',
  '/pricing',
  '/reseller',
  '/contact',
  '/order',
  '/testimonials',
  '/tutorials',
  '/terms',
  '/account/view',
  '/account/playlists',
  '/account/add-playlist',
  '/pair',
  '/forgot-password',
  '/reset-password',
] as const;

/** The signed-out panel pages (password reset): public, client-rendered, never indexed. */
export const ACCOUNT_RECOVERY_PATHS: readonly string[] = ['/forgot-password', '/reset-password'];

/** The viewer's screens: the device page (/account/*) and pairing a phone with a TV (/pair). */
function isDevicePath(path: string): boolean {
  return path.startsWith('/account/') || path === '/pair';
}

/**
 * The marketing site: public pages the server renders in the visitor's language (SEO, fast first
 * paint). The viewer's screens and account recovery stay client-rendered (and out of the sitemap).
 */
export const MARKETING_PATHS = PUBLIC_PATHS.filter(
  (path) => !isDevicePath(path) && !ACCOUNT_RECOVERY_PATHS.includes(path),
);

export const PANEL_PATH_PREFIX = '/dashboard';

/** The panel's pages; `/dashboard` itself redirects to `/dashboard/home`. */
export const PANEL_PATHS = [
  '/dashboard',
  '/dashboard/home',
  '/dashboard/devices',
  '/dashboard/check-mac',
  '/dashboard/activate-mac',
  '/dashboard/bulk-activation',
  '/dashboard/device-messages',
  '/dashboard/activity',
  '/dashboard/playlists',
  '/dashboard/clients',
  '/dashboard/resellers',
  '/dashboard/credits',
  '/dashboard/links',
  '/dashboard/api-keys',
  '/dashboard/passwordChange',
  '/dashboard/messages',
] as const;

/** Shows the credits page inside the panel (kept from the first version). */
export const CREDITS_ALIAS_PATH = '/test';

export type PublicPath = (typeof PUBLIC_PATHS)[number];
export type PanelPath = (typeof PANEL_PATHS)[number];

const KNOWN_PATHS = new Set<string>(
  [...PUBLIC_PATHS, ...PANEL_PATHS, CREDITS_ALIAS_PATH].map((path) => path.toLowerCase()),
);

const MARKETING_SET = new Set<string>(MARKETING_PATHS.map((path) => path.toLowerCase()));

function normalize(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (trimmed || '/').toLowerCase();
}

/** True when the client router renders a real page (not the not-found page) for this path. */
export function isKnownAppPath(pathname: string): boolean {
  return KNOWN_PATHS.has(normalize(pathname));
}

/** True for a marketing page (see MARKETING_PATHS), matched like isKnownAppPath. */
export function isMarketingPath(pathname: string): boolean {
  return MARKETING_SET.has(normalize(pathname));
}

/** True for the panel and its alias: client-rendered, behind the panel session. */
export function isPanelPath(pathname: string): boolean {
  const path = normalize(pathname);
  const prefix = PANEL_PATH_PREFIX.toLowerCase();
  return path === prefix || path.startsWith(`${prefix}/`) || path === CREDITS_ALIAS_PATH;
}
