import { MARKETING_PATHS } from '@shared/routes';
import { describe, expect, it } from 'vitest';
import { MARKETING_PAGES, marketingPageAt } from './pages';

describe('marketing pages', () => {
  it('covers exactly the marketing paths the server renders', () => {
    expect(MARKETING_PAGES.map((page) => page.path)).toEqual([...MARKETING_PATHS]);
  });

  it('finds a page like the router does', () => {
    expect(marketingPageAt('/Pricing/')?.id).toBe('pricing');
    expect(marketingPageAt('/')?.id).toBe('home');
    expect(marketingPageAt('/account/view')).toBeUndefined();
  });

  it('loads every page component', async () => {
    for (const page of MARKETING_PAGES) expect(typeof (await page.load())).toBe('function');
  });
});
