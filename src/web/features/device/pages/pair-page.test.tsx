import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockAnswer } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';
import { deviceFixture, TEST_MAC } from '../test-device-api';

const CODE = 'ABCD2345';
const preview: MockAnswer = {
  body: { success: true, data: { mac: '••:••:••:••:DD:EE', app_name: 'Living room TV', expires_in: 540 } },
};
/** The first look waits for the lazy page and its translations (slow on a busy machine). */
const FIRST_PAINT = { timeout: 15_000 };
const failure = (status: number, code: string): MockAnswer => ({
  status,
  body: { success: false, code, message: code },
});

describe('/pair', () => {
  it('shows the device a code opens and signs in with one button, no MAC or key typed', async () => {
    let claimed = false;
    const api = mockApi({
      [`GET /device/pairing/${CODE}`]: preview,
      'POST /device/pairing/claim': () => {
        claimed = true;
        return { body: { success: true, data: deviceFixture() } };
      },
      'GET /device/session': () =>
        claimed ? { body: { success: true, data: deviceFixture() } } : failure(401, 'unauthorized'),
    });
    const { user, router } = renderApp(`/pair?code=abcd-2345`);

    expect(await screen.findByText('••:••:••:••:DD:EE', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText('Living room TV')).toBeInTheDocument();
    expect(screen.getByText('This code works once, for 9 more minutes.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Code ABCD-2345' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Manage this device' }));
    expect(
      await screen.findByRole('heading', { name: 'Welcome back', level: 1 }, FIRST_PAINT),
    ).toBeInTheDocument();
    expect(screen.getByTestId('device-mac')).toHaveTextContent(TEST_MAC);
    expect(router.state.location.pathname).toBe('/account/view');
    expect(api.callsTo('POST', '/device/pairing/claim').map((c) => c.body)).toEqual([{ code: CODE }]);
    // Two lazy pages load in this one test.
  }, 30_000);

  it.each([
    [failure(410, 'pairing_code_expired'), 'This code has expired'],
    [failure(410, 'pairing_code_used'), 'This code was already used'],
    [failure(404, 'not_found'), "We don't know this code"],
  ])('says clearly what is wrong with the code (%#) and offers to type another', async (answer, title) => {
    mockApi({ [`GET /device/pairing/${CODE}`]: answer });
    renderApp(`/pair?code=${CODE}`);
    expect(await screen.findByRole('heading', { name: title }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(title))).toBe(true);
    expect(screen.getByLabelText('Code shown on your TV')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage this device' })).not.toBeInTheDocument();
  });

  it('says so when the code was used between the look and the click', async () => {
    mockApi({
      [`GET /device/pairing/${CODE}`]: preview,
      'POST /device/pairing/claim': failure(410, 'pairing_code_used'),
    });
    const { user } = renderApp(`/pair?code=${CODE}`);
    await user.click(await screen.findByRole('button', { name: 'Manage this device' }, FIRST_PAINT));
    expect(await screen.findByRole('heading', { name: 'This code was already used' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage this device' })).not.toBeInTheDocument();
  });

  it('checks a typed code before asking the server, then opens it', async () => {
    const api = mockApi({ [`GET /device/pairing/${CODE}`]: preview });
    const { user, router } = renderApp('/pair');
    await user.click(await screen.findByRole('button', { name: 'Continue' }, FIRST_PAINT));
    expect(await screen.findByText('Please enter the code shown on your TV')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code shown on your TV'), 'ABC');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('A code is 8 letters and digits, like ABCD-2345')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('Code shown on your TV'));
    await user.type(screen.getByLabelText('Code shown on your TV'), 'abcd 2345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Manage this device' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?code=${CODE}`);
  });

  it('is linked from the device sign-in form', async () => {
    mockApi({ 'GET /device/session': failure(401, 'unauthorized') });
    const { user, router } = renderApp('/account/view');
    await user.click(await screen.findByRole('link', { name: 'Enter it here' }, FIRST_PAINT));
    expect(await screen.findByRole('heading', { name: 'Pair with your TV', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pair');
  });
});
