/** Every path the web app renders: the server answers 404 (with the app's not-found page) for others. */
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
  '/test',
] as const;

export const PANEL_PATH_PREFIX = '/dashboard';

export const PANEL_PATHS = [
  '/dashboard',
  '/dashboard/home',
  '/dashboard/devices',
  '/dashboard/check-mac',
  '/dashboard/activate-mac',
  '/dashboard/playlists',
  '/dashboard/clients',
  '/dashboard/resellers',
  '/dashboard/credits',
  '/dashboard/links',
  '/dashboard/passwordChange',
] as const;

const known = new Set<string>([...PUBLIC_PATHS, ...PANEL_PATHS]);

export function isKnownAppPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return known.has(trimmed);
}
