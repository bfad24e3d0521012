import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { packsFromMinimums } from '@shared/prices';
import { TEST_BRAND } from '@web/test/fixtures';
import { mockApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

describe('reseller page', () => {
  it('computes the margin it claims from the configured prices, and lists the configured packs', async () => {
    mockApi();
    renderApp('/reseller', {
      brand: {
        ...TEST_BRAND,
        prices: {
          viewer: { year: 20, lifetime: 40 },
          creditPacks: packsFromMinimums([
            [10, 8],
            [100, 6.5],
          ]),
        },
      },
    });
    // Lowest: (20 - 8) / 20 = 60%; highest: (40 - 2 x 6.5) / 40 = 67.5%, rounded down.
    expect(await screen.findByRole('heading', { name: '60%–67% margins' })).toBeInTheDocument();
    expect(screen.getByText(/Sold at our own prices \(\$20 a year, \$40 for life\)/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Price per credit by pack size' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['10–99$8.000%', '100+$6.5018.75%']);
  });

  it('claims no margin when the prices give none (a year at $5 against credits from $6.50)', async () => {
    mockApi();
    renderApp('/reseller');
    expect(await screen.findByRole('heading', { name: 'Why resell StreamBox Player' })).toBeInTheDocument();
    expect(screen.queryByText(/margin/i)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your prices, your customers' })).toBeInTheDocument();
  });

  it('opens a chat to apply, or without a messaging number sends the applicant to the contact page', async () => {
    mockApi();
    const { unmount } = renderApp('/reseller');
    const apply = await screen.findByRole('link', { name: /Apply on WhatsApp/ });
    expect(apply.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/15550102030\?text=Hello/);
    unmount();

    renderApp('/reseller', { brand: { ...TEST_BRAND, phone: null, whatsapp: null } });
    // The hero's and the closing band's.
    const links = await screen.findAllByRole('link', { name: 'Apply through our contact page' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/contact', '/contact']);
    expect(
      screen.getByText('Write to us through the contact page with your name and your market.'),
    ).toBeVisible();
    expect(document.querySelector('a[href^="https://wa.me"]')).toBeNull();
  });
});
