import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

describe('not-found page', () => {
  it('says the page does not exist', async () => {
    mockApi();
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Page Not Found', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The page you are looking for might have been removed, had its name changed, or is temporarily unavailable.',
      ),
    ).toBeInTheDocument();
  });

  it('Go Back returns to the previous page', async () => {
    mockApi();
    const { user, router } = renderApp(['/pricing', '/pricing/old-offer']);
    await screen.findByRole('heading', { name: 'Page Not Found' });

    await user.click(screen.getByRole('button', { name: 'Go Back' }));

    expect(await screen.findByRole('heading', { name: 'Plans and pricing', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it('Back to Home opens the home page', async () => {
    mockApi();
    const { user } = renderApp('/missing');
    await user.click(await screen.findByRole('link', { name: 'Back to Home' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Live TV on every screen, with one simple player',
        level: 1,
      }),
    ).toBeInTheDocument();
  });

  it('Contact Support opens the contact page', async () => {
    mockApi();
    const { user } = renderApp('/missing');
    await user.click(await screen.findByRole('link', { name: 'Contact Support' }));
    expect(await screen.findByRole('heading', { name: 'Contact us', level: 1 })).toBeInTheDocument();
  });

  it('is also shown for unknown panel addresses', async () => {
    mockApi();
    renderApp('/dashboard/nope');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
