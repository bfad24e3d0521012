import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { alignWithSurroundingText } from '@web/lib/bidi';
import { adminUser, resellerUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

const message = {
  id: 3,
  name: 'Nadia Visitor',
  email: 'nadia@example.com',
  subject: 'Question about Apple TV',
  message: 'Does the app work on Apple TV HD?',
  read: false,
  created_at: '2025-05-01T10:00:00.000Z',
};

describe('contact messages page', () => {
  it('lists the messages for an admin and marks one read', async () => {
    const api = mockPanelApi({ user: adminUser });
    let read = false;
    api.routes['GET /contact'] = () => ({
      body: {
        success: true,
        data: [{ ...message, read }],
        meta: { total: 1, page: 1, totalPages: 1, limit: 10 },
      },
    });
    api.routes['PUT /contact/3/read'] = () => {
      read = true;
      return { body: { success: true, data: { ...message, read: true } } };
    };
    const { user } = renderApp('/dashboard/messages');

    expect(await screen.findByRole('heading', { name: 'Contact messages', level: 1 })).toBeInTheDocument();
    const row = (await screen.findByText('Question about Apple TV')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Nadia Visitor')).toBeInTheDocument();
    expect(within(row).getByText('New')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Reply to Nadia Visitor by e-mail' })).toHaveAttribute(
      'href',
      'mailto:nadia@example.com?subject=Re%3A%20Question%20about%20Apple%20TV',
    );

    await user.click(
      within(row).getByRole('button', { name: 'Mark the message from Nadia Visitor as read' }),
    );

    expect(await screen.findByText('Read')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/contact/3/read')).toHaveLength(1);
  });

  it('shows the empty state', async () => {
    const api = mockPanelApi({ user: adminUser });
    api.routes['GET /contact'] = {
      body: { success: true, data: [], meta: { total: 0, page: 1, totalPages: 0, limit: 10 } },
    };
    renderApp('/dashboard/messages');
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });

  it('is for admins only: a reseller goes to the dashboard home', async () => {
    mockPanelApi({ user: resellerUser });
    const { router } = renderApp('/dashboard/messages');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/home');
  });

  it('shows what a visitor typed in its own direction in Arabic, and the e-mail left-to-right', async () => {
    const api = mockPanelApi({ user: adminUser });
    const question = { ...message, subject: 'What does a year cost?' };
    api.routes['GET /contact'] = {
      body: { success: true, data: [question], meta: { total: 1, page: 1, totalPages: 1, limit: 10 } },
    };
    await i18next.changeLanguage('ar');
    renderApp('/dashboard/messages');

    const row = (await screen.findByText(question.subject)).closest('tr') as HTMLElement;
    for (const typed of [question.name, question.subject, question.message]) {
      const shown = within(row).getByText(typed);
      expect(shown).toHaveAttribute('dir', 'auto');
      expect(shown).toHaveClass(alignWithSurroundingText);
    }
    expect(within(row).getByText(question.email)).toHaveAttribute('dir', 'ltr');
  });
});
