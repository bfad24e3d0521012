// Runs before the first paint (loaded from <head>; the CSP forbids inline scripts) so the page never
// flashes the wrong theme or direction. Keys match src/web/lib/theme.ts and src/web/i18n/languages.ts.
(function () {
  'use strict';
  var root = document.documentElement;
  try {
    var theme = window.localStorage.getItem('theme');
    var prefersDark = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
    var dark = theme === 'dark' || (theme !== 'light' && prefersDark);
    root.classList.toggle('dark', dark);

    // A server-rendered marketing page (data-ssr) already has the language the server chose; changing
    // it here would flip the direction of text rendered in another language.
    var stored = root.hasAttribute('data-ssr') ? null : window.localStorage.getItem('i18nextLng');
    if (stored) {
      var lng = stored.split('-')[0].toLowerCase();
      if (lng === 'en' || lng === 'fr' || lng === 'ar') {
        root.lang = lng;
        root.dir = lng === 'ar' ? 'rtl' : 'ltr';
      }
    }
  } catch (error) {
    // Storage blocked: keep the defaults from the HTML.
  }
})();
