import type { LinkView } from '@shared/api/link';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, resellerUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

const link: LinkView = {
  id: 4,
  version: '2.4.1',
  url: 'https://downloads.example.com/player-2.4.1.apk',
  created_at: '2026-01-02T10:00:00.000Z',
};

function setUp(user = adminUser, links: LinkView[] = [link]) {
  const api = mockPanelApi({ user });
  api.routes['GET /link'] = { body: { success: true, data: links } };
  return api;
}

describe('applications (links)', () => {
  it('shows version and link with a copy button, read-only for resellers', async () => {
    setUp(resellerUser);
    renderApp('/dashboard/links');

    const table = await screen.findByRole('table', { name: 'Configuration' });
    // The version has a column of its own (phones get cards, where each column has its line).
    expect(await within(table).findByText('2.4.1')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: /player-2\.4\.1\.apk/ })).toHaveAttribute(
      'href',
      link.url,
    );
    expect(
      within(table).getByRole('button', { name: 'Copy The link for version 2.4.1' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add link' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('lets an admin add a link: the URL is required and must be a web address', async () => {
    const api = setUp(adminUser, []);
    api.routes['POST /link'] = { status: 201, body: { success: true, data: link } };
    const { user } = renderApp('/dashboard/links');
    expect(await screen.findByText('No links yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add link' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The link is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Link'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter a full web address starting with http:// or https://'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Link'));
    await user.type(within(dialog).getByLabelText('Link'), link.url);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/link')).toHaveLength(1));
    expect(api.callsTo('POST', '/link')[0]?.body).toEqual({ version: null, url: link.url });
  });

  it('lets an admin edit and delete (after a confirmation)', async () => {
    const api = setUp();
    api.routes['PUT /link/4'] = { body: { success: true, data: link } };
    api.routes['DELETE /link/4'] = { body: { success: true } };
    const { user } = renderApp('/dashboard/links');

    await user.click(await screen.findByRole('button', { name: 'Edit: The link for version 2.4.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit link' });
    await user.clear(within(dialog).getByLabelText('Version (optional)'));
    await user.type(within(dialog).getByLabelText('Version (optional)'), '2.5.0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/link/4')).toHaveLength(1));
    expect(api.callsTo('PUT', '/link/4')[0]?.body).toEqual({ version: '2.5.0', url: link.url });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete: The link for version 2.4.1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this link?' });
    expect(api.callsTo('DELETE', '/link/4')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/link/4')).toHaveLength(1));
    expect(await screen.findByText('Link deleted')).toBeInTheDocument();
  });
});
