import { describe, expect, it } from 'vitest';
import { TEST_BRAND } from '@web/test/fixtures';

// Apart from contact-page.test.tsx: the server renderer sets up its own i18n instances and languages.
describe('contact page, rendered on the server', () => {
  it('server-renders the intro from the brand alone, in each language', async () => {
    const { render } = await import('@web/entry-server');
    const brand = { ...TEST_BRAND, supportEmail: null, whatsapp: null };
    expect(render({ url: '/contact', lng: 'en', brand }).html).toContain(
      'Our support team answers by Telegram, 24 hours a day, 7 days a week.',
    );
    expect(render({ url: '/contact', lng: 'fr', brand: TEST_BRAND }).html).toContain(
      'répond par e-mail, chat et Telegram',
    );
    expect(render({ url: '/contact', lng: 'ar', brand: { ...brand, telegram: null } }).html).toContain(
      'فريق الدعم هنا لمساعدتك',
    );
  });
});
