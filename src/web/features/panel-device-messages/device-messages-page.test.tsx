import type { SentDeviceMessage } from '@shared/api/device-message';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, resellerUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

const message: SentDeviceMessage = {
  id: 7,
  texts: { fr: 'Maintenance cette nuit', ar: 'صيانة الليلة' },
  created_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2099-11-27T10:00:00.000Z',
  recipients: 1250,
  author: 'Ada',
};

function setUp(user = resellerUser, messages: SentDeviceMessage[] = [message]) {
  const api = mockPanelApi({ user });
  api.routes['GET /device-messages'] = { body: { success: true, data: messages } };
  api.routes['POST /device-messages'] = { status: 201, body: { success: true, data: message } };
  api.routes['DELETE /device-messages/7'] = { body: { success: true } };
  return api;
}

describe('messages to devices', () => {
  it('lists the messages sent: the text in a language written, the reach, until when', async () => {
    setUp();
    renderApp('/dashboard/device-messages');
    const table = await screen.findByRole('table', { name: 'Messages sent' });
    // No English text: the first one written (French) is shown, marked as French.
    const text = await within(table).findByText('Maintenance cette nuit');
    expect(text).toHaveAttribute('lang', 'fr');
    expect(within(table).getByText('1,250')).toBeInTheDocument();
    expect(within(table).getByText('Arabic')).toBeInTheDocument();
  });

  it('sends to one device: a text and a MAC are required, the body is the API contract', async () => {
    const api = setUp(resellerUser, []);
    const { user } = renderApp('/dashboard/device-messages');
    expect(await screen.findByText('No message sent yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Write the message in at least one language')).toBeInTheDocument();
    expect(within(dialog).getByText('MAC address is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/device-messages')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('MAC address'), '001a2b3c4d5e');
    await user.type(within(dialog).getByLabelText('Arabic'), 'صيانة الليلة');
    await user.selectOptions(within(dialog).getByLabelText('Show it for'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST', '/device-messages')).toHaveLength(1));
    expect(api.callsTo('POST', '/device-messages')[0]?.body).toEqual({
      texts: { en: '', fr: '', ar: 'صيانة الليلة' },
      days: 3,
      target: { to: 'device', mac: '00:1A:2B:3C:4D:5E' },
    });
    expect(await screen.findByText('Message sent to 1250 devices')).toBeInTheDocument();
  });

  it("opened from the device list, offers the list's devices, named by their filters", async () => {
    const api = setUp(adminUser, []);
    const { user } = renderApp('/dashboard/device-messages?compose&status=lifetime&search=ada');
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    const listChoice = within(dialog).getByRole('radio', {
      name: 'The devices of the list (Plan: Lifetime · Search: “ada”)',
    });
    expect(listChoice).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'All devices' })).not.toBeChecked();
    await user.type(within(dialog).getByLabelText('English'), 'Thanks for staying with us');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST', '/device-messages')).toHaveLength(1));
    expect(api.callsTo('POST', '/device-messages')[0]?.body).toMatchObject({
      days: 7,
      target: { to: 'filter', filter: { status: 'lifetime', search: 'ada' } },
    });
  });

  it('withdraws a message after a confirmation', async () => {
    const api = setUp();
    const { user } = renderApp('/dashboard/device-messages');
    await user.click(await screen.findByRole('button', { name: /Withdraw the message of/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw this message?' });
    expect(
      within(confirm).getByText('It disappears from the 1250 devices it was sent to.'),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/device-messages/7')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/device-messages/7')).toHaveLength(1));
    expect(await screen.findByText('Message withdrawn')).toBeInTheDocument();
  });
});
