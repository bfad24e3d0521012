import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAccountUrl } from '@shared/api/playlist';
import { renderApp } from '@web/test/render-app';
import {
  accountPlaylistFixture,
  deviceFixture,
  mockDeviceApi,
  playlistFixture,
  TEST_MAC,
} from '../test-device-api';

const news = playlistFixture({ id: 1, name: 'News' });
const sports = accountPlaylistFixture({ id: 2, name: 'Sports', hasPin: true });

async function openPlaylists(playlists = [news, sports], pins: Record<number, string> = { 2: '4321' }) {
  const api = mockDeviceApi({ signedIn: true, device: deviceFixture({ playlists }), pins });
  const view = renderApp('/account/playlists');
  await screen.findByRole('heading', { name: 'Welcome back' });
  return { api, ...view };
}

function row(name: string): HTMLElement {
  const heading = screen.getByRole('heading', { name, level: 3 });
  return heading.closest('li') as HTMLElement;
}

describe('playlists list', () => {
  it('shows an open row with its url, Edit and Delete', async () => {
    await openPlaylists();
    const open = row('News');
    expect(within(open).getByText('http://lists.example/news.m3u')).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Edit News' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Delete News' })).toBeInTheDocument();
  });

  it('keeps a protected row locked: no url, Edit or Delete until the right PIN', async () => {
    const { api, user } = await openPlaylists();
    const locked = row('Sports');
    expect(within(locked).getByText('Protected')).toBeInTheDocument();
    expect(within(locked).queryByText(/provider\.example/)).not.toBeInTheDocument();
    expect(within(locked).queryByRole('button', { name: 'Edit Sports' })).not.toBeInTheDocument();
    expect(within(locked).queryByRole('button', { name: 'Delete Sports' })).not.toBeInTheDocument();

    await user.click(within(locked).getByRole('button', { name: 'Unlock Sports' }));
    const pin = within(locked).getByLabelText('PIN for Sports');
    expect(pin).toHaveFocus();
    await user.type(pin, '12x34');
    expect(pin).toHaveValue('1234');
    await user.click(within(locked).getByRole('button', { name: 'Unlock' }));

    expect(await within(locked).findByText('Incorrect PIN')).toBeInTheDocument();
    expect(within(locked).queryByRole('button', { name: 'Edit Sports' })).not.toBeInTheDocument();

    await user.type(within(locked).getByLabelText('PIN for Sports'), '4321');
    await user.click(within(locked).getByRole('button', { name: 'Unlock' }));

    expect(await within(locked).findByRole('button', { name: 'Edit Sports' })).toBeInTheDocument();
    expect(within(locked).getByRole('button', { name: 'Delete Sports' })).toBeInTheDocument();
    expect(within(locked).getByText('http://provider.example:8080')).toBeInTheDocument();
    expect(within(locked).getByText('Unlocked')).toBeInTheDocument();
    expect(api.callsTo('POST', `/playlist/${TEST_MAC}/2/unlock`).map((c) => c.body)).toEqual([
      { pin: '1234' },
      { pin: '4321' },
    ]);
    // The PIN stays in memory only.
    expect(JSON.stringify({ ...window.localStorage, ...window.sessionStorage })).not.toContain('4321');
  });

  it('asks before deleting, and deletes a protected playlist with its PIN', async () => {
    const { api, user } = await openPlaylists();
    await user.click(within(row('Sports')).getByRole('button', { name: 'Unlock Sports' }));
    await user.type(screen.getByLabelText('PIN for Sports'), '4321');
    await user.click(within(row('Sports')).getByRole('button', { name: 'Unlock' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Sports' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete this playlist?' });
    expect(dialog).toHaveTextContent(
      "You're about to delete the playlist Sports. This action cannot be undone.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', `/playlist/${TEST_MAC}/2`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Sports' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Playlist deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Sports' })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `/playlist/${TEST_MAC}/2`)[0]?.headers).toMatchObject({
      'X-Playlist-Pin': '4321',
    });
  });

  it('says so when there are no playlists yet', async () => {
    await openPlaylists([], {});
    expect(screen.getByText('No playlists yet')).toBeInTheDocument();
  });
});

describe('add / edit playlist form', () => {
  it('checks the fields in SPEC order, flagging every field to fix on the same submit', async () => {
    const { api, user } = await openPlaylists();
    await user.click(screen.getByRole('button', { name: 'Add playlist' }));
    const form = screen.getByRole('region', { name: 'Add a playlist' });
    const submit = () => user.click(within(form).getByRole('button', { name: 'Add playlist' }));
    const shown = () =>
      within(form)
        .queryAllByText(/^(Please|The PIN|PINs)/)
        .map((m) => m.textContent);

    expect(within(form).getByLabelText('Playlist name')).toHaveFocus();
    await submit();
    expect(shown()).toEqual(['Please enter a name for the playlist', 'Please enter the playlist URL']);

    await user.type(within(form).getByLabelText('Playlist name'), 'Movies');
    await submit();
    await waitFor(() => expect(shown()).toEqual(['Please enter the playlist URL']));

    await user.click(within(form).getByRole('tab', { name: 'Account' }));
    await submit();
    await waitFor(() => expect(shown()).toEqual(['Please fill in the host, username and password']));

    await user.type(within(form).getByLabelText('Host (server address)'), 'http://provider.example');
    await user.type(within(form).getByLabelText('Username'), 'viewer');
    await user.type(within(form).getByLabelText('Password'), 'secret');
    await user.click(within(form).getByLabelText('Protect with a PIN'));
    await submit();
    await waitFor(() => expect(shown()).toEqual(['Please enter a PIN', 'Please confirm your PIN']));

    await user.type(within(form).getByLabelText('PIN'), 'ab12');
    expect(within(form).getByLabelText('PIN')).toHaveValue('12');
    await submit();
    await waitFor(() =>
      expect(shown()).toEqual(['The PIN must be at least 4 digits', 'Please confirm your PIN']),
    );

    await user.type(within(form).getByLabelText('PIN'), '34');
    await submit();
    await waitFor(() => expect(shown()).toEqual(['Please confirm your PIN']));

    await user.type(within(form).getByLabelText('Confirm PIN'), '1243');
    await waitFor(() => expect(shown()).toEqual(['PINs do not match']));
    await submit();
    expect(shown()).toEqual(['PINs do not match']);
    expect(api.callsTo('POST', `/playlist/${TEST_MAC}`)).toHaveLength(0);
  });

  it('refuses line breaks and direction controls as the server does, naming the field', async () => {
    const { api, user } = await openPlaylists();
    await user.click(screen.getByRole('button', { name: 'Add playlist' }));
    const form = screen.getByRole('region', { name: 'Add a playlist' });
    const submit = () => user.click(within(form).getByRole('button', { name: 'Add playlist' }));
    const message = 'Remove line breaks and other invisible characters';

    const name = within(form).getByLabelText('Playlist name');
    await user.type(name, 'Movies\u202Egpj.exe');
    await user.type(within(form).getByLabelText('Playlist URL'), 'http://lists.example/movies.m3u');
    await submit();
    expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.clear(name);
    await user.type(name, 'Movies');
    await user.click(within(form).getByRole('tab', { name: 'Account' }));
    await user.type(within(form).getByLabelText('Host (server address)'), 'http://provider.example');
    await user.type(within(form).getByLabelText('Username'), 'viewer');
    await user.type(within(form).getByLabelText('Password'), 'se\u2066cret');
    await submit();
    await waitFor(() =>
      expect(within(form).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(form).getByText(message)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(api.callsTo('POST', `/playlist/${TEST_MAC}`)).toHaveLength(0);
  });

  it('shows a PIN mismatch inline while typing the confirmation', async () => {
    const { user } = await openPlaylists();
    await user.click(screen.getByRole('button', { name: 'Add playlist' }));
    await user.click(screen.getByLabelText('Protect with a PIN'));
    await user.type(screen.getByLabelText('PIN'), '1234');
    await user.type(screen.getByLabelText('Confirm PIN'), '12');
    expect(screen.queryByText('PINs do not match')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm PIN'), '35');
    expect(screen.getByText('PINs do not match')).toBeInTheDocument();
  });

  it('adds a direct URL playlist: success toast, re-fetch, form closed', async () => {
    const { api, user } = await openPlaylists();
    const sessionCalls = api.callsTo('GET', '/device/session').length;
    await user.click(screen.getByRole('button', { name: 'Add playlist' }));
    await user.type(screen.getByLabelText('Playlist name'), 'Movies');
    await user.type(screen.getByLabelText('Playlist URL'), 'http://lists.example/movies.m3u');
    await user.click(
      within(screen.getByRole('region', { name: 'Add a playlist' })).getByRole('button', {
        name: 'Add playlist',
      }),
    );

    expect(await screen.findByText('Playlist added')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Movies', level: 3 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Add a playlist' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/device/session').length).toBe(sessionCalls + 1);
    // Checked by the server first, then saved.
    expect(api.callsTo('POST', '/playlist/probe')[0]?.body).toEqual({
      url: 'http://lists.example/movies.m3u',
    });
    expect(api.callsTo('POST', `/playlist/${TEST_MAC}`)[0]?.body).toEqual({
      name: 'Movies',
      url: 'http://lists.example/movies.m3u',
      isAccount: false,
      host: null,
      username: null,
      password: null,
      hasPin: false,
      pin: null,
      epg_url: null,
    });
  });

  it('shows the generic error toast when saving fails, and keeps the form', async () => {
    const { api, user } = await openPlaylists();
    api.routes[`POST /playlist/${TEST_MAC}`] = {
      status: 409,
      body: { success: false, code: 'limit_reached', message: 'Too many' },
    };
    await user.click(screen.getByRole('button', { name: 'Add playlist' }));
    await user.type(screen.getByLabelText('Playlist name'), 'Movies');
    await user.type(screen.getByLabelText('Playlist URL'), 'http://lists.example/movies.m3u');
    await user.click(
      within(screen.getByRole('region', { name: 'Add a playlist' })).getByRole('button', {
        name: 'Add playlist',
      }),
    );

    const alert = screen.getByRole('alert');
    expect(await within(alert).findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(within(alert).getByText('You have reached the maximum number allowed.')).toBeInTheDocument();
    expect(screen.getByLabelText('Playlist name')).toHaveValue('Movies');
  });

  it('splits an account URL back into host, username and password on edit', async () => {
    const url = buildAccountUrl('http://provider.example:8080', 'viewer', 's3cret&x');
    // Only the URL: the form must split it itself.
    const account = accountPlaylistFixture({
      id: 3,
      name: 'Films',
      url,
      host: null,
      username: null,
      password: null,
    });
    const { user } = await openPlaylists([account], {});

    await user.click(screen.getByRole('button', { name: 'Edit Films' }));

    const form = screen.getByRole('region', { name: 'Edit “Films”' });
    expect(within(form).getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
    expect(within(form).getByLabelText('Host (server address)')).toHaveValue('http://provider.example:8080');
    expect(within(form).getByLabelText('Username')).toHaveValue('viewer');
    expect(within(form).getByLabelText('Password')).toHaveValue('s3cret&x');
  });

  it('edits an unlocked protected playlist with its PIN and leaves edit mode', async () => {
    const { api, user } = await openPlaylists();
    await user.click(within(row('Sports')).getByRole('button', { name: 'Unlock Sports' }));
    await user.type(screen.getByLabelText('PIN for Sports'), '4321');
    await user.click(within(row('Sports')).getByRole('button', { name: 'Unlock' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Sports' }));

    const form = screen.getByRole('region', { name: 'Edit “Sports”' });
    expect(within(form).getByLabelText('Protect with a PIN')).toBeChecked();
    const name = within(form).getByLabelText('Playlist name');
    await user.clear(name);
    await user.type(name, 'Sports HD');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Playlist updated')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sports HD', level: 3 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Edit/ })).not.toBeInTheDocument();
    const put = api.callsTo('PUT', `/playlist/${TEST_MAC}/2`)[0];
    expect(put?.headers).toMatchObject({ 'X-Playlist-Pin': '4321' });
    expect(put?.body).toMatchObject({
      name: 'Sports HD',
      isAccount: true,
      host: 'http://provider.example:8080',
      username: 'viewer',
      password: 's3cret&x',
      hasPin: true,
      pin: '4321',
    });
    // Still open after the re-fetch: the row keeps its PIN in memory.
    expect(within(row('Sports HD')).getByRole('button', { name: 'Edit Sports HD' })).toBeInTheDocument();
  });
});
