import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_BRAND } from '@web/test/fixtures';
import { mockApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

describe('contact page', () => {
  it('shows the support cards and contact information', async () => {
    mockApi();
    renderApp('/contact');
    expect(await screen.findByRole('heading', { name: 'Contact us', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute('href', '/faq');
    expect(screen.getByRole('link', { name: /Start a chat/ })).toHaveAttribute(
      'href',
      'https://wa.me/15550102030',
    );
    expect(screen.getByRole('link', { name: 'Open the tutorials' })).toHaveAttribute('href', '/tutorials');
    expect(screen.getByText('1 Example Street')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+1 555 010 2030' })).toHaveAttribute('href', 'tel:+15550102030');
    expect(screen.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    expect(screen.getByLabelText('Message')).toHaveAttribute('rows', '5');
  });

  it('without a phone or WhatsApp number shows neither, nor a chat card; without any detail, the form', async () => {
    mockApi();
    renderApp('/contact', {
      brand: { ...TEST_BRAND, phone: null, whatsapp: null, supportEmail: null, address: [] },
    });
    expect(await screen.findByRole('heading', { name: 'Contact us', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Start a chat/ })).not.toBeInTheDocument();
    expect(
      document.querySelector('a[href^="tel:"], a[href^="https://wa.me"], a[href^="mailto:"]'),
    ).toBeNull();
    expect(screen.getByText(/Write to us with the form on this page/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the FAQ' })).toBeInTheDocument();
  });

  it('names in its intro only the support channels the operator configured', async () => {
    mockApi();
    const { unmount } = renderApp('/contact');
    expect(
      await screen.findByText(
        'Our support team answers by e-mail, chat and Telegram, 24 hours a day, 7 days a week.',
      ),
    ).toBeInTheDocument();
    unmount();

    const { unmount: unmountEmailOnly } = renderApp('/contact', {
      brand: { ...TEST_BRAND, whatsapp: null, telegram: null },
    });
    expect(
      await screen.findByText('Our support team answers by e-mail, 24 hours a day, 7 days a week.'),
    ).toBeInTheDocument();
    unmountEmailOnly();

    const { unmount: unmountTwo } = renderApp('/contact', { brand: { ...TEST_BRAND, supportEmail: null } });
    expect(
      await screen.findByText(
        'Our support team answers by chat and Telegram, 24 hours a day, 7 days a week.',
      ),
    ).toBeInTheDocument();
    unmountTwo();

    renderApp('/contact', {
      brand: { ...TEST_BRAND, supportEmail: null, whatsapp: null, telegram: null },
    });
    expect(
      await screen.findByText('Our support team is here to help: write to us with the form on this page.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/answers by/)).not.toBeInTheDocument();
  });

  it('checks the fields, sends the message and thanks the visitor', { timeout: 20_000 }, async () => {
    const api = mockApi({ 'POST /contact': { status: 201, body: { success: true, data: { id: 9 } } } });
    const { user } = renderApp('/contact');
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please write your message')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Nadia');
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.type(screen.getByLabelText('Subject'), 'Apple TV');
    await user.type(screen.getByLabelText('Message'), 'Does it work on Apple TV HD?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText('Please enter a valid e-mail address, like name@example.com'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'nadia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect((await screen.findByText(/Your message has been sent/)).closest('[role="status"]')).not.toBeNull();
    expect(api.callsTo('POST', '/contact')[0]?.body).toEqual({
      name: 'Nadia',
      email: 'nadia@example.com',
      subject: 'Apple TV',
      message: 'Does it work on Apple TV HD?',
    });
  });

  it('says when the message could not be sent', async () => {
    mockApi({
      'POST /contact': {
        status: 429,
        body: { success: false, code: 'too_many_attempts', message: 'Too many' },
      },
    });
    const { user } = renderApp('/contact');
    await user.type(await screen.findByLabelText('Name'), 'Nadia');
    await user.type(screen.getByLabelText('E-mail'), 'nadia@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Message'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      (await screen.findByText(/Your message could not be sent/)).closest('[role="alert"]'),
    ).not.toBeNull();
  });
});
