import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reloadInLanguage } from '@web/lib/reload';
import { mockApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

vi.mock('@web/lib/reload', () => ({ reloadPage: vi.fn(), reloadInLanguage: vi.fn() }));

describe('language switcher', () => {
  it('switches to Arabic: right-to-left, remembered, then the page reloads', async () => {
    mockApi();
    const { user } = renderApp('/');
    await screen.findByRole('heading', { name: 'Live TV on every screen, with one simple player' });
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    await user.click(within(menu).getByRole('menuitemradio', { name: 'العربية' }));

    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(window.localStorage.getItem('i18nextLng')).toBe('ar');
    expect(document.cookie).toContain('i18next=ar');
    expect(reloadInLanguage).toHaveBeenCalledWith('ar');
    expect(
      await screen.findByRole('heading', { name: 'التلفزيون المباشر على كل شاشاتك، بمشغّل واحد بسيط' }),
    ).toBeInTheDocument();
  });

  it('switches to French left-to-right', async () => {
    mockApi();
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Français' }));

    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
    expect(
      await screen.findByRole('heading', {
        name: 'La TV en direct sur tous vos écrans, avec un seul lecteur',
      }),
    ).toBeInTheDocument();
  });
});
