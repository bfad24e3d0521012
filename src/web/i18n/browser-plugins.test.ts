import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheLanguage, detectLanguages } from './browser-plugins';

describe('language detection', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it('looks in the order of docs/product.md: query, cookie, local storage, session storage, browser, page', () => {
    window.history.replaceState(null, '', '/?lng=ar');
    document.cookie = 'i18next=fr; path=/';
    window.localStorage.setItem('i18nextLng', 'en');
    window.sessionStorage.setItem('i18nextLng', 'fr');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en-US']);
    document.documentElement.lang = 'en';

    expect(detectLanguages()).toEqual(['ar', 'fr', 'en', 'fr', 'de-DE', 'en-US', navigator.language, 'en']);
  });

  it('remembers a choice in local storage and in a cookie the server reads', () => {
    cacheLanguage('ar');
    expect(window.localStorage.getItem('i18nextLng')).toBe('ar');
    expect(document.cookie).toContain('i18next=ar');
  });
});
