import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_BRAND } from '@web/test/fixtures';
import { mockApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';
import { CHAT_TOOLTIP_TOUCH_MS } from './chat-button';

describe('public layout', () => {
  it('gives the header a stronger background once the page is scrolled more than 10 px', async () => {
    mockApi();
    renderApp('/');
    const header = (await screen.findByRole('navigation', { name: 'Main navigation' })).closest('header');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    Object.defineProperty(window, 'scrollY', { value: 11, configurable: true });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).toHaveAttribute('data-scrolled', 'true');
    Object.defineProperty(window, 'scrollY', { value: 10, configurable: true });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  it('highlights the active link', async () => {
    mockApi();
    renderApp('/pricing');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('opens the More links and closes them on an outside click and on navigation', async () => {
    mockApi();
    const { user, router } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const more = within(nav).getByRole('button', { name: 'More' });
    expect(within(nav).queryByRole('link', { name: 'Become a reseller' })).not.toBeInTheDocument();
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Become a reseller' })).toBeVisible();

    await user.click(document.body);
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await user.click(more);
    await user.click(within(nav).getByRole('link', { name: 'Testimonials' }));
    expect(
      await screen.findByRole('heading', { name: 'What our customers say', level: 1 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/testimonials');
    expect(within(nav).getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the full-screen mobile menu, locks page scroll, and closes it on navigation', async () => {
    mockApi();
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog');
    // The scroll lock is set in the dialog's effect, which on a busy machine can run after it appears.
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'));
    expect(within(dialog).getByRole('link', { name: 'Log in to my account' })).toHaveAttribute(
      'href',
      '/account/view',
    );

    await user.click(within(dialog).getByRole('link', { name: 'Contact' }));
    // The contact page is a lazy chunk: on a busy machine its first load can take more than a second.
    expect(
      await screen.findByRole('heading', { name: 'Contact us', level: 1 }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contact');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(document.body.style.overflow).toBe(''));
  });

  it('closes the mobile menu on Escape and gives focus back to its button', async () => {
    mockApi();
    const { user } = renderApp('/');
    const button = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(button);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('keeps Tab inside the open mobile menu: past the last link it wraps to the close button, and back', async () => {
    mockApi();
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close menu' });
    const last = within(dialog).getByRole('link', { name: 'Log in to my account' });
    expect(close).toHaveFocus();
    last.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
  });

  it('links the chat button to the messaging app in a new tab; a touch shows the tooltip for 2 s', async () => {
    mockApi();
    renderApp('/');
    const chat = await screen.findByRole('link', { name: 'Chat with us on WhatsApp' });
    expect(chat).toHaveAttribute('href', 'https://wa.me/15550102030');
    expect(chat).toHaveAttribute('target', '_blank');
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    expect(tooltip).toHaveAttribute('data-state', 'closed');

    vi.useFakeTimers();
    fireEvent.touchStart(chat);
    // A tap also focuses the link: that must not keep the tooltip up.
    fireEvent.focus(chat);
    expect(tooltip).toHaveAttribute('data-state', 'open');
    act(() => vi.advanceTimersByTime(CHAT_TOOLTIP_TOUCH_MS - 1));
    expect(tooltip).toHaveAttribute('data-state', 'open');
    act(() => vi.advanceTimersByTime(1));
    expect(tooltip).toHaveAttribute('data-state', 'closed');
  });

  it('leaves out every contact the operator did not configure: no phone, no WhatsApp link', async () => {
    mockApi();
    renderApp('/', {
      brand: { ...TEST_BRAND, phone: null, whatsapp: null, telegram: null, supportEmail: 'help@acme.test' },
    });
    const footer = (await screen.findByRole('navigation', { name: 'Support' })).closest(
      'footer',
    ) as HTMLElement;
    expect(within(footer).getByRole('link', { name: /help@acme\.test/ })).toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: /WhatsApp|Telegram/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Chat with us on WhatsApp' })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="https://wa.me"], a[href^="https://t.me"]')).toBeNull();
  });

  it('shows the footer links, contact lines and the current year', async () => {
    mockApi();
    renderApp('/');
    const footer = (await screen.findByRole('navigation', { name: 'Support' })).closest(
      'footer',
    ) as HTMLElement;
    for (const name of [
      'About us',
      'Features',
      'Pricing',
      'Become a reseller',
      'FAQ',
      'Tutorials',
      'Terms of service',
    ])
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Add a playlist' })).toHaveAttribute(
      'href',
      '/account/add-playlist',
    );
    expect(within(footer).getByRole('link', { name: /support@example\.com/ })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    expect(within(footer).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/15550102030',
    );
    expect(within(footer).getByRole('link', { name: /Telegram/ })).toHaveAttribute(
      'href',
      'https://t.me/example_support',
    );
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} StreamBox Player. All rights reserved.`),
    ).toBeInTheDocument();
  });
});
