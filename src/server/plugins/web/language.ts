import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY_PARAM,
  matchLanguage,
  type LanguageCode,
} from '../../../shared/languages';

/** The languages of an Accept-Language header, most preferred first ("fr-CA,fr;q=0.9,en;q=0.8"). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The language to render a page in, in the browser detector's order (docs/product.md) as far as a
 * server can see it: the `lng` query parameter, the `i18next` cookie, then Accept-Language.
 */
export function languageForRequest(request: {
  query: unknown;
  cookies: Record<string, string | undefined>;
  headers: { 'accept-language'?: string | undefined };
}): LanguageCode {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.[LANGUAGE_QUERY_PARAM];
  const candidates = [
    typeof fromQuery === 'string' ? fromQuery : undefined,
    request.cookies[LANGUAGE_COOKIE],
    ...parseAcceptLanguage(request.headers['accept-language']),
  ];
  for (const candidate of candidates) {
    const code = matchLanguage(candidate);
    if (code) return code;
  }
  return FALLBACK_LANGUAGE;
}
