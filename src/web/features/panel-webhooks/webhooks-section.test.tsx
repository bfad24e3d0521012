import type { WebhookDeliveryView, WebhookView } from '@shared/api/webhook';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resellerUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

const endpoint: WebhookView = {
  id: 4,
  url: 'https://shop.example.com/hooks',
  events: ['device.activated', 'credits.changed'],
  enabled: true,
  created_at: '2026-11-01T10:00:00.000Z',
  disabled_at: null,
};
const delivery: WebhookDeliveryView = {
  id: 9,
  message_id: 'msg_abc',
  type: 'webhook.test',
  created_at: '2026-11-20T08:30:00.000Z',
  attempts: 1,
  state: 'delivered',
  response_status: 200,
  latency_ms: 42,
  last_attempt_at: '2026-11-20T08:30:00.000Z',
  next_attempt_at: null,
  last_error: null,
};

function setUp(endpoints: WebhookView[] = [endpoint]) {
  const api = mockPanelApi({ user: resellerUser });
  api.routes['GET /api-keys'] = { body: { success: true, data: [] } };
  api.routes['GET /webhooks'] = { body: { success: true, data: endpoints } };
  api.routes['GET /webhooks/4/deliveries'] = { body: { success: true, data: [delivery] } };
  return api;
}

const section = async () => screen.findByRole('region', { name: 'Webhooks' }, { timeout: 15_000 });

// Generous: the lazy chunk loads slowly on a busy machine.
describe('Webhooks on the API & webhooks screen', { timeout: 30_000 }, () => {
  it('adds an endpoint: the URL and an event are required, the secret is shown once; admin-only events are hidden', async () => {
    const api = setUp([]);
    const secret = `whsec_${'A'.repeat(43)}=`;
    api.routes['POST /webhooks'] = { status: 201, body: { success: true, data: { ...endpoint, secret } } };
    const { user } = renderApp('/dashboard/api-keys');
    await user.click(within(await section()).getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    expect(within(dialog).queryByRole('checkbox', { name: /registration\.created/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /device\.activated/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText("Enter the endpoint's URL.")).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/webhooks')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Endpoint URL'), endpoint.url);
    await user.click(within(dialog).getByRole('checkbox', { name: /device\.banned/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(api.callsTo('POST', '/webhooks')).toHaveLength(1));
    expect(api.callsTo('POST', '/webhooks')[0]?.body).toEqual({
      url: endpoint.url,
      events: ['device.banned'],
    });
    const shown = await screen.findByRole('dialog', { name: 'Endpoint added' });
    expect(within(shown).getByTestId('webhook-secret')).toHaveTextContent(secret);
  });

  it('lists endpoints and shows deliveries with status and latency; Resend and Send test event call the server', async () => {
    const api = setUp();
    api.routes['POST /webhooks/4/test'] = {
      status: 202,
      body: { success: true, data: { ...delivery, id: 10 } },
    };
    api.routes['POST /webhooks/4/deliveries/9/resend'] = {
      status: 202,
      body: { success: true, data: delivery },
    };
    const { user } = renderApp('/dashboard/api-keys');
    const row = await within(await section()).findByRole('row', { name: /shop\.example\.com/ });
    expect(row).toHaveTextContent('credits.changed');
    expect(row).toHaveTextContent('Enabled');

    await user.click(within(row).getByRole('button', { name: `Send a test event to ${endpoint.url}` }));
    await waitFor(() => expect(api.callsTo('POST', '/webhooks/4/test')).toHaveLength(1));
    const log = await screen.findByRole('dialog', { name: 'Deliveries' });
    const entry = await within(log).findByRole('row', { name: /webhook\.test/ });
    expect(entry).toHaveTextContent('200');
    expect(entry).toHaveTextContent('42 ms');
    expect(entry).toHaveTextContent('Delivered');
    await user.click(within(entry).getByRole('button', { name: 'Resend webhook.test' }));
    await waitFor(() => expect(api.callsTo('POST', '/webhooks/4/deliveries/9/resend')).toHaveLength(1));
  });
});
