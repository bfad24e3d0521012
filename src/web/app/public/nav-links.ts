import type { LucideIcon } from 'lucide-react';

/** The public site's links (docs/product.md), labelled from `nav.*` in the common namespace. */
export type SiteLinkLabel =
  | 'nav.home'
  | 'nav.pricing'
  | 'nav.playlists'
  | 'nav.order'
  | 'nav.dashboard'
  | 'nav.reseller'
  | 'nav.testimonials'
  | 'nav.contact'
  | 'nav.about'
  | 'nav.features'
  | 'nav.faq'
  | 'nav.tutorials'
  | 'nav.terms'
  | 'nav.addPlaylist';

export interface SiteLink {
  to: string;
  label: SiteLinkLabel;
  icon?: LucideIcon;
}

export const DESKTOP_LINKS: SiteLink[] = [
  { to: '/', label: 'nav.home' },
  { to: '/pricing', label: 'nav.pricing' },
  { to: '/account/playlists', label: 'nav.playlists' },
  { to: '/order', label: 'nav.order' },
  { to: '/dashboard', label: 'nav.dashboard' },
];

export const MORE_LINKS: SiteLink[] = [
  { to: '/reseller', label: 'nav.reseller' },
  { to: '/testimonials', label: 'nav.testimonials' },
  { to: '/contact', label: 'nav.contact' },
];

export const FOOTER_QUICK_LINKS: SiteLink[] = [
  { to: '/about', label: 'nav.about' },
  { to: '/features', label: 'nav.features' },
  { to: '/pricing', label: 'nav.pricing' },
  { to: '/reseller', label: 'nav.reseller' },
  // The standalone add-playlist screen is reachable only from here and the device page's sign-in.
  { to: '/account/add-playlist', label: 'nav.addPlaylist' },
];

export const FOOTER_SUPPORT_LINKS: SiteLink[] = [
  { to: '/faq', label: 'nav.faq' },
  { to: '/contact', label: 'nav.contact' },
  { to: '/tutorials', label: 'nav.tutorials' },
  { to: '/terms', label: 'nav.terms' },
];
