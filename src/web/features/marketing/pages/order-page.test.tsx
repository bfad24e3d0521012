import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

async function fillForm(user: ReturnType<typeof renderApp>['user'], mac: string) {
  await user.type(screen.getByLabelText('Full name'), 'Ada Viewer');
  await user.type(screen.getByLabelText('E-mail'), 'ADA@Example.com');
  await user.type(screen.getByLabelText('Phone'), '+33 6 12 34 56 78');
  await user.type(screen.getByLabelText('MAC address'), mac);
  await user.click(screen.getByRole('radio', { name: /Premium/ }));
}

describe('order page', () => {
  it('shows every field error on an empty submit and clears one on edit', async () => {
    const api = mockApi();
    const { user } = renderApp('/order');
    await user.click(await screen.findByRole('button', { name: 'Register my device' }));

    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your phone number')).toBeInTheDocument();
    expect(screen.getByText("Please enter your device's MAC address")).toBeInTheDocument();
    expect(screen.getByText('Please choose a plan')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Full name'), 'A');
    expect(screen.queryByText('Please enter your name')).not.toBeInTheDocument();
  });

  it('formats the MAC address while typing and rejects an incomplete one', async () => {
    mockApi();
    const { user } = renderApp('/order');
    const mac = await screen.findByLabelText('MAC address');
    await user.type(mac, '001a2b3c4d');
    expect(mac).toHaveValue('00:1A:2B:3C:4D');
    await user.click(screen.getByRole('button', { name: 'Register my device' }));
    expect(
      await screen.findByText('Enter six pairs of letters or digits, like 00:1A:2B:3C:4D:5E'),
    ).toBeInTheDocument();
  });

  it('preselects the plan chosen on the pricing page', async () => {
    mockApi();
    renderApp('/order?plan=1year');
    expect(await screen.findByRole('radio', { name: /Standard/ })).toBeChecked();
  });

  it("fills in the MAC that the device page's Buy a plan link brings", async () => {
    mockApi();
    renderApp('/order?mac=00%3A1A%3A2B%3A3C%3A4D%3A5E');
    expect(await screen.findByDisplayValue('00:1A:2B:3C:4D:5E')).toBeInTheDocument();
  });

  it('registers the device and says so', async () => {
    const api = mockApi({
      'POST /client/create-and-bind': {
        status: 201,
        body: { success: true, data: { id: 1, status: 'Pending' } },
      },
    });
    const { user } = renderApp('/order');
    await screen.findByLabelText('Full name');
    await fillForm(user, '00-1a-2b-3c-4d-5e');
    await user.click(screen.getByRole('button', { name: 'Register my device' }));

    expect(await screen.findByText('Request received')).toBeInTheDocument();
    expect(
      screen.getByText(
        /review your request and activate your device. You will see your new plan on the device page/,
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/create-and-bind')[0]?.body).toEqual({
      name: 'Ada Viewer',
      email: 'ada@example.com',
      phone: '+33 6 12 34 56 78',
      mac: '00:1A:2B:3C:4D:5E',
      plan: 'lifetime',
    });
    expect(screen.getByLabelText('Full name')).toHaveValue('');
  });

  it('tells the viewer to open the app first when the MAC is unknown', async () => {
    mockApi({
      'POST /client/create-and-bind': {
        status: 404,
        body: { success: false, code: 'not_found', message: 'No device with this MAC address' },
      },
    });
    const { user } = renderApp('/order');
    await screen.findByLabelText('Full name');
    await fillForm(user, '001A2B3C4D5E');
    await user.click(screen.getByRole('button', { name: 'Register my device' }));

    const banner = (await screen.findByText(/Open StreamBox Player on your device once/)).closest(
      '[role="alert"]',
    );
    expect(banner).toHaveTextContent('Registration failed');
  });
});
