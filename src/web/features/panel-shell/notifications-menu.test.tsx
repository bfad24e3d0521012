import type { Notification } from '@shared/api/auth';
import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { adminUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function notificationsFixture(): Notification[] {
  return [
    {
      id: 3,
      kind: 'client_registration',
      params: { mac: '02:1A:2B:3C:4D:5E', plan: 'year', name: 'Ana' },
      message: 'New client registration for 02:1A:2B:3C:4D:5E (One year) from Ana',
      read: false,
      created_at: minutesAgo(5),
    },
    {
      id: 2,
      kind: 'credits_received',
      params: { credits: 10 },
      message: 'You received 10 credits',
      read: false,
      created_at: minutesAgo(180),
    },
    {
      id: 1,
      kind: 'announcement',
      params: {},
      message: 'Old news',
      read: true,
      created_at: minutesAgo(60 * 24 * 3),
    },
  ];
}

/** A session whose notifications the read call really marks, as the server does. */
function setUp() {
  const notifs = notificationsFixture();
  const api = mockPanelApi({ user: adminUser, notifs });
  api.routes['POST /notifications/read'] = (call) => {
    const ids = (call.body as { ids: number[] }).ids;
    for (const notification of notifs) if (ids.includes(notification.id)) notification.read = true;
    return { body: { success: true, updated: ids.length, data: { updated: ids.length } } };
  };
  return api;
}

describe('notifications bell', () => {
  it('counts the unread notifications', async () => {
    setUp();
    renderApp('/dashboard/home');
    expect(await screen.findByRole('button', { name: 'Notifications: 2 unread' })).toBeInTheDocument();
  });

  it('opens with F8, shows relative times, marks nothing by opening, and closes with F8', async () => {
    const api = setUp();
    const { user } = renderApp('/dashboard/home');
    await screen.findByRole('button', { name: 'Notifications: 2 unread' });

    await user.keyboard('{F8}');

    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent(/New registration for .?02:1A:2B:3C:4D:5E.? \(one year\) from Ana/);
    expect(menu).toHaveTextContent('You received 10 credits');
    expect(menu).toHaveTextContent('5 minutes ago');
    expect(menu).toHaveTextContent('3 hours ago');
    expect(menu).toHaveTextContent('3 days ago');
    expect(screen.getAllByText('New:')).toHaveLength(2);
    expect(api.callsTo('POST', '/notifications/read')).toHaveLength(0);

    await user.keyboard('{F8}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    // Closed, it hands the focus back to the bell.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications: 2 unread' })).toHaveFocus(),
    );
  });

  it('opens again with F8 pressed right after it closed, before the closing menu hands focus back', async () => {
    setUp();
    const { user } = renderApp('/dashboard/home');
    await screen.findByRole('button', { name: 'Notifications: 2 unread' });
    await user.keyboard('{F8}');
    await screen.findByRole('menu');

    // Closed and opened within one task: the closed menu's focus scope gives focus back to the bell
    // in a timer of its own, which used to land after the new menu opened, as a focus outside it.
    const pressF8 = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', bubbles: true }));
    act(pressF8);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    act(pressF8);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const menu = screen.getByRole('menu');
    expect(menu).toContainElement(document.activeElement as HTMLElement);
  });

  it('lists the notifications in a labelled group that can take focus, so a long list scrolls from the keyboard', async () => {
    setUp();
    const { user } = renderApp('/dashboard/home');
    await user.click(await screen.findByRole('button', { name: 'Notifications: 2 unread' }));

    const list = within(await screen.findByRole('menu')).getByRole('group', { name: 'Notifications' });
    expect(list).toHaveAttribute('tabindex', '0');
    expect(within(list).getAllByRole('menuitem')).toHaveLength(3);
    expect(within(list).queryByRole('menuitem', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('"Mark all as read" marks the unread ones and keeps the list open', async () => {
    const api = setUp();
    const { user } = renderApp('/dashboard/home');
    await user.click(await screen.findByRole('button', { name: 'Notifications: 2 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark all as read' }));

    await waitFor(() => expect(api.callsTo('POST', '/notifications/read')).toHaveLength(1));
    expect(api.callsTo('POST', '/notifications/read')[0]?.body).toEqual({ ids: [3, 2] });
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByText('New:')).toHaveLength(0));
    expect(screen.queryByRole('menuitem', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('opens what a notification is about and marks that one read', async () => {
    const api = setUp();
    const { user } = renderApp('/dashboard/home');
    await user.click(await screen.findByRole('button', { name: 'Notifications: 2 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: /You received 10 credits/ }));

    await waitFor(() => expect(api.callsTo('POST', '/notifications/read')).toHaveLength(1));
    expect(api.callsTo('POST', '/notifications/read')[0]?.body).toEqual({ ids: [2] });
    expect(await screen.findByRole('heading', { level: 1, name: /Credit/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications: 1 unread' })).toBeInTheDocument();
  });

  it("says the expiry digest in the reader's words and opens the devices expiring in 7 days", async () => {
    const digest: Notification = {
      id: 9,
      kind: 'expiry_digest',
      params: { expiring: 4, expired: 1 },
      message: 'Expiry digest: 4 expiring in the next 7 days, 1 expired',
      read: false,
      created_at: minutesAgo(1),
    };
    const api = mockPanelApi({ user: adminUser, notifs: [digest] });
    api.routes['POST /notifications/read'] = { body: { success: true, updated: 1, data: { updated: 1 } } };
    api.routes['GET /device/all'] = {
      body: {
        success: true,
        data: [],
        pagination: { current_page: 1, last_page: 1, per_page: 10, total: 0, from: null, to: null },
      },
    };
    const { user } = renderApp('/dashboard/home');
    await user.click(await screen.findByRole('button', { name: 'Notifications: 1 unread' }));
    await user.click(
      await screen.findByRole('menuitem', {
        name: /Expiry digest: 4 expiring in the next 7 days, 1 expired/,
      }),
    );
    expect(await screen.findByLabelText('Expiry')).toHaveValue('7d');
  });

  it('opens a registration on the Clients list, found and pending, and an activation on Check MAC', async () => {
    const registration = notificationsFixture()[0]!;
    const activation: Notification = {
      id: 8,
      kind: 'device_activated',
      params: { mac: '02:AA:BB:CC:DD:EE', plan: 'lifetime' },
      message: 'Device 02:AA:BB:CC:DD:EE activated (lifetime)',
      read: true,
      created_at: minutesAgo(2),
    };
    const api = mockPanelApi({ user: adminUser, notifs: [registration, activation] });
    api.routes['POST /notifications/read'] = { body: { success: true, updated: 1, data: { updated: 1 } } };
    api.routes['GET /client'] = {
      body: { success: true, data: [], meta: { total: 0, page: 1, totalPages: 1, limit: 10 } },
    };
    api.routes['POST /client/device/check-mac'] = {
      status: 404,
      body: { success: false, code: 'not_found', message: 'No device found with this MAC address' },
    };
    const { user } = renderApp('/dashboard/home');
    await user.click(await screen.findByRole('button', { name: 'Notifications: 1 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: /New registration for/ }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/client').at(-1)?.query.get('search')).toBe('02:1A:2B:3C:4D:5E'),
    );
    expect(api.callsTo('GET', '/client').at(-1)?.query.get('status')).toBe('Pending');

    await user.click(await screen.findByRole('button', { name: /^Notifications: \d+ unread$/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Device .?02:AA:BB:CC:DD:EE.? activated/ }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/client/device/check-mac').at(-1)?.body).toEqual({
        mac: '02:AA:BB:CC:DD:EE',
      }),
    );
  });

  it('opens on click as well, and does not mark anything when nothing is unread', async () => {
    const api = mockPanelApi({
      user: adminUser,
      notifs: [
        {
          id: 1,
          kind: 'announcement',
          params: {},
          message: 'Old news',
          read: true,
          created_at: minutesAgo(1),
        },
      ],
    });
    const { user } = renderApp('/dashboard/home');

    await user.click(await screen.findByRole('button', { name: 'Notifications: 0 unread' }));

    expect(await screen.findByRole('menu')).toHaveTextContent('Old news');
    expect(screen.getByRole('menu')).toHaveTextContent('1 minute ago');
    expect(api.callsTo('POST', '/notifications/read')).toHaveLength(0);
  });

  it('says when there are no notifications', async () => {
    mockPanelApi({ user: adminUser });
    const { user } = renderApp('/dashboard/home');
    await user.click(await screen.findByRole('button', { name: 'Notifications: 0 unread' }));
    expect(await screen.findByText('You have no notifications.')).toBeInTheDocument();
  });

  it('follows the page direction in Arabic: the menu is right-to-left and its items use logical sides', async () => {
    setUp();
    await i18next.changeLanguage('ar');
    const { user } = renderApp('/dashboard/home');
    await user.click(await screen.findByRole('button', { name: 'الإشعارات: إشعاران غير مقروءين' }));

    const menu = await screen.findByRole('menu');
    expect(menu).toHaveAttribute('dir', 'rtl');
    expect(menu.closest('[dir="ltr"]')).toBeNull();
    for (const item of within(menu).getAllByRole('menuitem')) {
      const sided = [item, ...item.querySelectorAll('*')].flatMap((element) =>
        [...element.classList].filter((name) =>
          /(^|:)(text-left|text-right|[mp][lr]-|left-|right-)/.test(name),
        ),
      );
      expect(sided).toEqual([]);
    }
  });
});
