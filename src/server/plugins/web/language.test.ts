import { describe, expect, it } from 'vitest';
import { languageForRequest, parseAcceptLanguage } from './language';

const request = (query: Record<string, string>, cookie?: string, acceptLanguage?: string) => ({
  query,
  cookies: cookie ? { i18next: cookie } : {},
  headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
});

describe('page language', () => {
  it('orders Accept-Language by quality', () => {
    expect(parseAcceptLanguage('de-DE,de;q=0.9,ar;q=0.95,en;q=0.5,*;q=0.1')).toEqual([
      'de-DE',
      'ar',
      'de',
      'en',
    ]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('fr;q=0')).toEqual([]);
  });

  it('prefers ?lng, then the cookie, then Accept-Language, then English', () => {
    expect(languageForRequest(request({ lng: 'ar' }, 'fr', 'en'))).toBe('ar');
    expect(languageForRequest(request({}, 'fr', 'ar'))).toBe('fr');
    expect(languageForRequest(request({}, undefined, 'de-DE,ar-MA;q=0.8'))).toBe('ar');
    expect(languageForRequest(request({}, undefined, 'de-DE'))).toBe('en');
  });

  it('skips values it does not offer', () => {
    expect(languageForRequest(request({ lng: 'xx' }, 'de', 'fr-CA'))).toBe('fr');
  });
});
