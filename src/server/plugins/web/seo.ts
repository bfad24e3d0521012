import { LANGUAGE_CODES, LANGUAGE_QUERY_PARAM, type LanguageCode } from '../../../shared/languages';
import { MARKETING_PATHS } from '../../../shared/routes';

/** Text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON inside <script type="application/json">: nothing in it may close the element. */
export function escapeJsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The address of a page in one language: /pricing?lng=fr. */
export function pageUrl(origin: string, path: string, lng?: LanguageCode): string {
  return lng ? `${origin}${path}?${LANGUAGE_QUERY_PARAM}=${lng}` : `${origin}${path}`;
}

const OG_LOCALES: Record<LanguageCode, string> = { en: 'en_US', fr: 'fr_FR', ar: 'ar_AR' };

export interface PageHead {
  /** PUBLIC_URL (or the request's origin in development); null: no absolute links can be trusted. */
  origin: string | null;
  /** The page's canonical path (from MARKETING_PATHS), or null for the not-found page. */
  path: string | null;
  lng: LanguageCode;
  title: string;
  description: string;
  siteName: string;
}

/**
 * <head> tags of a server-rendered page: title and description in the page's language, the
 * canonical address, its hreflang alternates (x-default lets the server pick) and Open Graph
 * tags. The not-found page is kept out of search indexes.
 */
export function headTags(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
  ];
  if (head.path === null) {
    tags.push('<meta name="robots" content="noindex" />');
  } else if (head.origin !== null) {
    const canonical = pageUrl(head.origin, head.path, head.lng);
    tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
    for (const lng of LANGUAGE_CODES) {
      tags.push(
        `<link rel="alternate" hreflang="${lng}" href="${escapeHtml(pageUrl(head.origin, head.path, lng))}" />`,
      );
    }
    tags.push(
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(head.origin, head.path))}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    );
  }
  tags.push(
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeHtml(head.siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[head.lng]}" />`,
    ...LANGUAGE_CODES.filter((lng) => lng !== head.lng).map(
      (lng) => `<meta property="og:locale:alternate" content="${OG_LOCALES[lng]}" />`,
    ),
    '<meta name="twitter:card" content="summary" />',
  );
  return tags.join('\n    ');
}

/** /sitemap.xml: every marketing page in every language, each with its alternates. */
export function sitemapXml(origin: string): string {
  const urls = MARKETING_PATHS.flatMap((path) => {
    const alternates = [
      ...LANGUAGE_CODES.map(
        (lng) =>
          `    <xhtml:link rel="alternate" hreflang="${lng}" href="${escapeHtml(pageUrl(origin, path, lng))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(origin, path))}"/>`,
    ].join('\n');
    return LANGUAGE_CODES.map(
      (lng) => `  <url>\n    <loc>${escapeHtml(pageUrl(origin, path, lng))}</loc>\n${alternates}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** /robots.txt: the marketing site is open; the panel and the API are not for crawlers. */
export function robotsTxt(origin: string | null): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /test',
    'Disallow: /api',
    '',
    ...(origin === null ? [] : [`Sitemap: ${origin}/sitemap.xml`, '']),
  ].join('\n');
}
