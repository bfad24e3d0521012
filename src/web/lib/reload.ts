/** Full page reload; a module of its own so tests can replace it (jsdom cannot navigate). */
export function reloadPage(): void {
  window.location.reload();
}

/**
 * Reloads after the user picked a language. A `lng` parameter in the address wins over every other
 * choice (docs/product.md), so it is set to the new language instead of being reloaded as is.
 */
export function reloadInLanguage(code: string): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('lng')) {
    reloadPage();
    return;
  }
  url.searchParams.set('lng', code);
  window.location.assign(url.toString());
}
