import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@web/test/render-app';
import { mockDeviceApi, TEST_KEY, TEST_MAC } from '../test-device-api';

async function openAddPlaylist() {
  const api = mockDeviceApi();
  const view = renderApp('/account/add-playlist');
  await screen.findByRole('heading', { name: 'Add a playlist', level: 1 });
  return { api, ...view };
}

describe('standalone add-playlist screen', () => {
  it('needs the MAC and key before anything else', async () => {
    const { api, user } = await openAddPlaylist();

    await user.click(screen.getByRole('button', { name: 'Add playlist' }));

    expect(await screen.findByText('MAC address is required')).toBeInTheDocument();
    expect(screen.getByText('MAC key is required')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('flags every empty required field on the first submit, Account type included', async () => {
    const { api, user } = await openAddPlaylist();
    await user.click(screen.getByRole('tab', { name: 'Account' }));

    await user.click(screen.getByRole('button', { name: 'Add playlist' }));

    expect(await screen.findByText('MAC address is required')).toBeInTheDocument();
    expect(screen.getByText('MAC key is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a name for the playlist')).toBeInTheDocument();
    expect(screen.getByText('Please fill in the host, username and password')).toBeInTheDocument();
    for (const label of ['Host (server address)', 'Username', 'Password']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('clears the URL and account fields when switching between Direct URL and Account', async () => {
    const { user } = await openAddPlaylist();
    await user.type(screen.getByLabelText('Playlist URL'), 'http://lists.example/a.m3u');

    await user.click(screen.getByRole('tab', { name: 'Account' }));
    await user.type(screen.getByLabelText('Host (server address)'), 'http://provider.example');
    await user.type(screen.getByLabelText('Username'), 'viewer');
    await user.click(screen.getByRole('tab', { name: 'Direct URL' }));

    expect(screen.getByLabelText('Playlist URL')).toHaveValue('');
    await user.click(screen.getByRole('tab', { name: 'Account' }));
    expect(screen.getByLabelText('Host (server address)')).toHaveValue('');
    expect(screen.getByLabelText('Username')).toHaveValue('');
  });

  it('signs the device in, adds the playlist, and resets all but the MAC and key', async () => {
    const { api, user } = await openAddPlaylist();
    await user.type(screen.getByLabelText('MAC address'), '02aabbccddee');
    await user.type(screen.getByLabelText('MAC key'), TEST_KEY);
    await user.type(screen.getByLabelText('Playlist name'), 'Kids');
    await user.click(screen.getByRole('tab', { name: 'Account' }));
    await user.type(screen.getByLabelText('Host (server address)'), 'http://provider.example:8080');
    await user.type(screen.getByLabelText('Username'), 'viewer');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByLabelText('Protect with a PIN'));
    await user.type(screen.getByLabelText('PIN'), '2468');
    await user.type(screen.getByLabelText('Confirm PIN'), '2468');
    await user.click(screen.getByRole('button', { name: 'Add playlist' }));

    expect(await screen.findByText('Playlist added')).toBeInTheDocument();
    expect(screen.getByText('“Kids” was added to your device.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/device/login')[0]?.body).toEqual({ mac: TEST_MAC, cle_mac: TEST_KEY });
    expect(api.callsTo('POST', `/playlist/${TEST_MAC}`)[0]?.body).toEqual({
      name: 'Kids',
      url: null,
      isAccount: true,
      host: 'http://provider.example:8080',
      username: 'viewer',
      password: 'secret',
      hasPin: true,
      pin: '2468',
      epg_url: null,
    });
    expect(screen.getByLabelText('MAC address')).toHaveValue(TEST_MAC);
    expect(screen.getByLabelText('MAC key')).toHaveValue(TEST_KEY);
    expect(screen.getByLabelText('Playlist name')).toHaveValue('');
    expect(screen.getByRole('tab', { name: 'Direct URL' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Protect with a PIN')).not.toBeChecked();
  });

  it('says a PIN mismatch beside the field, not in a "Something went wrong" toast', async () => {
    const { api, user } = await openAddPlaylist();
    await user.type(screen.getByLabelText('MAC address'), TEST_MAC);
    await user.type(screen.getByLabelText('MAC key'), TEST_KEY);
    await user.type(screen.getByLabelText('Playlist name'), 'Kids');
    await user.type(screen.getByLabelText('Playlist URL'), 'http://lists.example/kids.m3u');
    await user.click(screen.getByLabelText('Protect with a PIN'));
    await user.type(screen.getByLabelText('PIN'), '2468');
    await user.type(screen.getByLabelText('Confirm PIN'), '2469');
    await user.click(screen.getByRole('button', { name: 'Add playlist' }));

    const confirm = screen.getByLabelText('Confirm PIN');
    await waitFor(() => expect(confirm).toHaveAccessibleDescription('PINs do not match'));
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Something went wrong. Please try again.')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(confirm);
    await user.type(confirm, '2468');
    expect(confirm).not.toHaveAccessibleDescription();
    expect(confirm).toHaveAttribute('aria-invalid', 'false');
  });

  it('clears "fill in the host, username and password" and its red borders once all three are filled', async () => {
    const { user } = await openAddPlaylist();
    await user.type(screen.getByLabelText('MAC address'), TEST_MAC);
    await user.type(screen.getByLabelText('MAC key'), TEST_KEY);
    await user.type(screen.getByLabelText('Playlist name'), 'Kids');
    await user.click(screen.getByRole('tab', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Add playlist' }));

    const message = 'Please fill in the host, username and password';
    expect(await screen.findByText(message)).toBeInTheDocument();
    const fields = ['Host (server address)', 'Username', 'Password'].map((label) =>
      screen.getByLabelText(label),
    );
    for (const field of fields) expect(field).toHaveAttribute('aria-invalid', 'true');

    // Host first, then the other two: the message is kept on `host`, so this order is the one that stuck.
    await user.type(fields[0]!, 'http://provider.example:8080');
    await user.type(fields[1]!, 'viewer');
    expect(screen.getByText(message)).toBeInTheDocument();
    await user.type(fields[2]!, 'secret');

    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
    for (const field of fields) expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("says 'Invalid credentials. Please try again.' and adds nothing for a wrong key", async () => {
    const { api, user } = await openAddPlaylist();
    await user.type(screen.getByLabelText('MAC address'), TEST_MAC);
    await user.type(screen.getByLabelText('MAC key'), 'WRONGKEY22');
    await user.type(screen.getByLabelText('Playlist name'), 'Kids');
    await user.type(screen.getByLabelText('Playlist URL'), 'http://lists.example/kids.m3u');
    await user.click(screen.getByRole('button', { name: 'Add playlist' }));

    expect(await screen.findByText('Invalid credentials. Please try again.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/playlist/${TEST_MAC}`)).toHaveLength(0);
    expect(screen.getByLabelText('Playlist name')).toHaveValue('Kids');
  });
});
