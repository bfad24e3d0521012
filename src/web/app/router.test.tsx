import { PUBLIC_PATHS } from '@shared/routes';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser } from '@web/test/fixtures';
import { mockApi, mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

describe('router', () => {
  it('redirects /dashboard to /dashboard/home', async () => {
    mockPanelApi({ user: adminUser });
    const { router } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText('Welcome back, Ada Admin. You are signed in as administrator.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/home');
  });

  it('shows the credits page at /test', async () => {
    mockPanelApi({ user: adminUser });
    renderApp('/test');
    expect(await screen.findByRole('heading', { name: 'Transfer Credits', level: 1 })).toBeInTheDocument();
  });

  it.each(PUBLIC_PATHS)('renders a page with a heading at %s', async (path) => {
    mockApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument();
  });

  it.each([
    ['/dashboard/home', 'Dashboard'],
    ['/dashboard/devices', 'Manage Devices'],
    ['/dashboard/check-mac', 'Check MAC'],
    ['/dashboard/activate-mac', 'Activate MAC Address'],
    ['/dashboard/playlists', 'Playlist Management'],
    ['/dashboard/clients', 'Client Registrations'],
    ['/dashboard/resellers', 'Reseller Management'],
    ['/dashboard/credits', 'Transfer Credits'],
    ['/dashboard/links', 'Configuration'],
    ['/dashboard/api-keys', 'API & webhooks'],
    ['/dashboard/passwordChange', 'Change Password'],
  ])('renders %s for a signed-in admin', async (path, heading) => {
    mockPanelApi({ user: adminUser });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
  });

  it('sets the tab title from the page', async () => {
    mockApi();
    renderApp('/faq');
    await screen.findByRole('heading', { name: 'Frequently asked questions' });
    expect(document.title).toBe('Frequently asked questions | StreamBox Player');
  });
});
