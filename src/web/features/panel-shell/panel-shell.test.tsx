import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, resellerUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';
import { IDLE_TIMEOUT_MS, IDLE_WARNING_MS } from './use-idle-timeout';

describe('panel shell', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('titles the admin panel, shows unread notifications and hides the credits badge for admins', async () => {
    mockPanelApi({
      user: adminUser,
      notifs: [
        {
          id: 1,
          kind: 'announcement',
          params: {},
          message: 'New registration from 00:1A:2B:3C:4D:5E',
          read: false,
          created_at: '2025-01-02T10:00:00Z',
        },
        {
          id: 2,
          kind: 'announcement',
          params: {},
          message: 'Device activated',
          read: false,
          created_at: '2025-01-02T11:00:00Z',
        },
        {
          id: 3,
          kind: 'announcement',
          params: {},
          message: 'Old news',
          read: true,
          created_at: '2025-01-01T09:00:00Z',
        },
      ],
    });
    const { user } = renderApp('/dashboard/home');

    expect(await screen.findByText('Admin Panel')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications: 2 unread' })).toBeInTheDocument();
    expect(screen.queryByText(/^Credits:/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clients' })).toHaveAttribute('href', '/dashboard/clients');
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/dashboard/links');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('admin@example.com')).toBeInTheDocument();
    expect(screen.getByText('Unlimited')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Change Password' })).toHaveAttribute(
      'href',
      '/dashboard/passwordChange',
    );
  });

  it('gives resellers their own title, credits badge and a Sub-Resellers submenu, without Clients', async () => {
    mockPanelApi({ user: resellerUser });
    const { user } = renderApp('/dashboard/home');

    expect(await screen.findByText('Reseller Panel')).toBeInTheDocument();
    expect(screen.getByText('Credits: 42')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Clients' })).not.toBeInTheDocument();

    const group = screen.getByRole('button', { name: 'Sub-Resellers' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'View Resellers' })).toHaveAttribute(
      'href',
      '/dashboard/resellers',
    );
  });

  it("shows a reseller's balance in the drawer, where a phone has its navigation; an admin's has none", async () => {
    mockPanelApi({ user: resellerUser });
    const { user } = renderApp('/dashboard/home');
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Panel navigation' });
    expect(within(drawer).getByText('Credits: 42')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Devices' })).toBeInTheDocument();
  });

  it("has no balance in an admin's drawer, and the header offers the language switcher", async () => {
    mockPanelApi({ user: adminUser });
    const { user } = renderApp('/dashboard/home');
    expect(await screen.findByRole('button', { name: /^Language/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Panel navigation' });
    expect(within(drawer).queryByText(/^Credits:/)).not.toBeInTheDocument();
  });

  it('sends a reseller who opens the clients page to the dashboard home', async () => {
    mockPanelApi({ user: resellerUser });
    const { router } = renderApp('/dashboard/clients');

    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/home');
    expect(screen.queryByRole('heading', { name: 'Client Registrations' })).not.toBeInTheDocument();
  });

  it('lets an admin open the clients page', async () => {
    mockPanelApi({ user: adminUser });
    renderApp('/dashboard/clients');
    expect(
      await screen.findByRole('heading', { name: 'Client Registrations', level: 1 }),
    ).toBeInTheDocument();
  });

  it('signs out from the user menu: logout is called, settings are forgotten, the sign-in page returns', async () => {
    const api = mockPanelApi({ user: adminUser });
    window.localStorage.setItem('panelUserSettings', JSON.stringify({ sidebarCollapsed: true }));
    const { user } = renderApp('/dashboard/home');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in to the panel' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1);
    expect(window.localStorage.getItem('panelUserSettings')).toBeNull();
  });

  it('warns 30 seconds before the idle sign-out; "Stay signed in" keeps the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockPanelApi({ user: adminUser });
    renderApp('/dashboard/home', { fakeTimers: true });
    expect(await screen.findByText('Admin Panel')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_WARNING_MS - 1000);
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    const warning = await screen.findByRole('alertdialog', { name: 'Still there?' });
    expect(warning).toHaveTextContent('signed out in 30 seconds');
    act(() => {
      within(warning).getByRole('button', { name: 'Stay signed in' }).click();
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // The count starts again: the full two minutes, not the 30 seconds that were left.
    act(() => {
      vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000);
    });
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(0);
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
  });

  it('signs out automatically after two minutes without activity', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockPanelApi({ user: adminUser });
    renderApp('/dashboard/home', { fakeTimers: true });
    expect(await screen.findByText('Admin Panel')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000);
    });
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(0);

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    await waitFor(() => expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'Sign in to the panel' })).toBeInTheDocument();
    expect(screen.getByText('You were signed out after two minutes without activity.')).toBeInTheDocument();
    expect(IDLE_TIMEOUT_MS).toBe(120_000);
  });

  it('keeps the user signed in while they are active', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockPanelApi({ user: adminUser });
    renderApp('/dashboard/home', { fakeTimers: true });
    expect(await screen.findByText('Admin Panel')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(100_000);
    });
    fireEvent.mouseMove(window);
    act(() => {
      vi.advanceTimersByTime(100_000);
    });
    fireEvent.keyDown(window, { key: 'a' });
    act(() => {
      vi.advanceTimersByTime(100_000);
    });
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(0);
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
  });

  it('collapses the sidebar and remembers it in panelUserSettings', async () => {
    mockPanelApi({ user: adminUser });
    const { user } = renderApp('/dashboard/home');

    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));

    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(JSON.parse(window.localStorage.getItem('panelUserSettings') ?? '{}')).toEqual({
      sidebarCollapsed: true,
    });
  });
});
