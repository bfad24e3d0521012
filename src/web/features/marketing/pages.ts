import type { ComponentType } from 'react';

/** The translation namespaces the marketing pages read ('common' is always there). */
export type MarketingNamespace = 'marketing' | 'marketing-docs';

export type MarketingPageId =
  | 'home'
  | 'about'
  | 'features'
  | 'faq'
  | 'howItWorks'
  | 'pricing'
  | 'reseller'
  | 'contact'
  | 'order'
  | 'testimonials'
  | 'tutorials'
  | 'terms';

export interface MarketingPage {
  id: MarketingPageId;
  path: string;
  /** Translations the page needs for its first render (sent with the server-rendered HTML). */
  namespaces: MarketingNamespace[];
  load: () => Promise<ComponentType>;
}

/**
 * The marketing site's pages, in the order of docs/product.md's route table. The server renders them (its
 * title and description come from `meta.<id>` in the marketing namespace) and the marketing client
 * loads each page's code on demand. The same paths are MARKETING_PATHS in src/shared/routes.ts.
 */
export const MARKETING_PAGES: MarketingPage[] = [
  {
    id: 'home',
    path: '/',
    namespaces: ['marketing'],
    load: () => import('./pages/home-page').then((m) => m.HomePage),
  },
  {
    id: 'about',
    path: '/about',
    namespaces: ['marketing'],
    load: () => import('./pages/about-page').then((m) => m.AboutPage),
  },
  {
    id: 'features',
    path: '/features',
    namespaces: ['marketing'],
    load: () => import('./pages/features-page').then((m) => m.FeaturesPage),
  },
  {
    id: 'faq',
    path: '/faq',
    namespaces: ['marketing'],
    load: () => import('./pages/faq-page').then((m) => m.FaqPage),
  },
  {
    id: 'howItWorks',
    path: '/how-it-works',
    namespaces: ['marketing'],
    load: () => import('./pages/how-it-works-page').then((m) => m.HowItWorksPage),
  },
  {
    id: 'pricing',
    path: '/pricing',
    namespaces: ['marketing'],
    load: () => import('./pages/pricing-page').then((m) => m.PricingPage),
  },
  {
    id: 'reseller',
    path: '/reseller',
    namespaces: ['marketing'],
    load: () => import('./pages/reseller-page').then((m) => m.ResellerPage),
  },
  {
    id: 'contact',
    path: '/contact',
    namespaces: ['marketing'],
    load: () => import('./pages/contact-page').then((m) => m.ContactPage),
  },
  {
    id: 'order',
    path: '/order',
    namespaces: ['marketing'],
    load: () => import('./pages/order-page').then((m) => m.OrderPage),
  },
  {
    id: 'testimonials',
    path: '/testimonials',
    namespaces: ['marketing'],
    load: () => import('./pages/testimonials-page').then((m) => m.TestimonialsPage),
  },
  {
    id: 'tutorials',
    path: '/tutorials',
    namespaces: ['marketing', 'marketing-docs'],
    load: () => import('./pages/tutorials-page').then((m) => m.TutorialsPage),
  },
  {
    id: 'terms',
    path: '/terms',
    namespaces: ['marketing', 'marketing-docs'],
    load: () => import('./pages/terms-page').then((m) => m.TermsPage),
  },
];

export const loadNotFoundPage = () => import('./pages/not-found-page').then((m) => m.NotFoundPage);

/** The page at a path, matched like the router (any case, trailing slash allowed). */
export function marketingPageAt(pathname: string): MarketingPage | undefined {
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase() || '/';
  return MARKETING_PAGES.find((page) => page.path === path);
}
