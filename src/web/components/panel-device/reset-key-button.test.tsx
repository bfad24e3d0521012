import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDevice, resellerUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

/** Decision 0011: the owner of a device (or an admin) resets its key from the device's card. */
describe('Reset key', () => {
  it('asks first, then shows the new key; the old one is gone', async () => {
    const api = mockPanelApi({ user: resellerUser });
    api.routes['POST /client/device/check-mac'] = {
      body: { success: true, data: makeDevice({ id: 11, cle_mac: 'K7MXP4RT2Q' }) },
    };
    api.routes['PUT /device/resetKey/11'] = {
      body: {
        success: true,
        data: makeDevice({ id: 11, cle_mac: 'N3W4K3YZ9X' }),
        message: 'Device key reset',
      },
    };
    const { user } = renderApp('/dashboard/check-mac?mac=00:1A:2B:3C:4D:5E');
    await screen.findByRole('heading', { name: 'Device Information' });

    await user.click(screen.getByRole('button', { name: 'Reset key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the device key?' });
    expect(api.callsTo('PUT', '/device/resetKey/11')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reset key' }));

    expect(await screen.findByText('Device key reset')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/device/resetKey/11')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show device key' }));
    expect(screen.getByText('N3W4K3YZ9X')).toBeInTheDocument();
    expect(screen.queryByText('K7MXP4RT2Q')).not.toBeInTheDocument();
  });

  it('is not offered when the key is not shown (another reseller could not reset it either)', async () => {
    const api = mockPanelApi({ user: resellerUser });
    api.routes['POST /client/device/check-mac'] = {
      body: { success: true, data: { ...makeDevice({ owner_id: null }), cle_mac: undefined } },
    };
    renderApp('/dashboard/check-mac?mac=00:1A:2B:3C:4D:5E');
    await screen.findByRole('heading', { name: 'Device Information' });
    expect(screen.queryByRole('button', { name: 'Reset key' })).not.toBeInTheDocument();
  });
});
