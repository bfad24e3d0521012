import type { ApiKeyView } from '@shared/api/api-key';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resellerUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

const shopKey: ApiKeyView = {
  id: 3,
  name: 'Shop',
  scopes: ['devices:read', 'devices:activate'],
  prefix: 'sbk_Ab12Cd34',
  created_at: '2026-11-01T10:00:00.000Z',
  expires_at: null,
  last_used_at: '2026-11-20T08:30:00.000Z',
  last_used_ip: '203.0.113.7',
};

/** The screen's chunk (API keys and webhooks) can take a while to load on a busy machine. */
const pageLoaded = () =>
  screen.findByRole('heading', { level: 1, name: 'API & webhooks' }, { timeout: 15_000 });

function setUp(keys: ApiKeyView[] = [shopKey]) {
  const api = mockPanelApi({ user: resellerUser });
  api.routes['GET /api-keys'] = { body: { success: true, data: keys } };
  api.routes['GET /webhooks'] = { body: { success: true, data: [] } };
  return api;
}

// Generous: the lazy chunk loads slowly on a busy machine.
describe('API keys', { timeout: 30_000 }, () => {
  it('lists each key by name, permissions, prefix, last use and expiry, never a secret', async () => {
    setUp();
    renderApp('/dashboard/api-keys');
    await pageLoaded();
    const table = await screen.findByRole('table', { name: 'API keys' });
    const row = await within(table).findByRole('row', { name: /Shop/ });
    expect(row).toHaveTextContent('devices:read');
    expect(row).toHaveTextContent('devices:activate');
    expect(row).toHaveTextContent('sbk_Ab12Cd34…');
    expect(row).toHaveTextContent('203.0.113.7');
    expect(row).toHaveTextContent('Never');
    expect(screen.getByRole('link', { name: /The API reference/ })).toHaveAttribute(
      'href',
      '/api/reseller/v1/docs',
    );
    expect(screen.getByRole('link', { name: /OpenAPI 3\.1 document/ })).toHaveAttribute(
      'href',
      '/api/reseller/v1/openapi.json',
    );
  });

  it('creates a key: the name and a permission are required, the secret is shown once with a copy button', async () => {
    const api = setUp([]);
    const secret = `sbk_${'x'.repeat(43)}`;
    api.routes['POST /api-keys'] = { status: 201, body: { success: true, data: { ...shopKey, secret } } };
    const { user } = renderApp('/dashboard/api-keys');
    await pageLoaded();
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.click(within(dialog).getByRole('checkbox', { name: /devices:read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Give the key a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one permission.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api-keys')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Shop');
    await user.click(within(dialog).getByRole('checkbox', { name: /devices:activate/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(api.callsTo('POST', '/api-keys')).toHaveLength(1));
    expect(api.callsTo('POST', '/api-keys')[0]?.body).toEqual({ name: 'Shop', scopes: ['devices:activate'] });

    const shown = await screen.findByRole('dialog', { name: 'Key Shop created' });
    expect(within(shown).getByTestId('api-key-secret')).toHaveTextContent(secret);
    expect(within(shown).getByRole('button', { name: /Copy the key/ })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(secret)).not.toBeInTheDocument();
  });

  it('revokes a key only after a confirmation', async () => {
    const api = setUp();
    api.routes['DELETE /api-keys/3'] = { body: { success: true } };
    const { user } = renderApp('/dashboard/api-keys');
    await user.click(await screen.findByRole('button', { name: 'Revoke key Shop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke key Shop?' });
    expect(api.callsTo('DELETE', '/api-keys/3')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api-keys/3')).toHaveLength(1));
    expect(await screen.findByText('Key Shop revoked')).toBeInTheDocument();
  });
});
