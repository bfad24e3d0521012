import { PANEL_PATHS } from '@shared/routes';
import { describe, expect, it } from 'vitest';
import { adminUser, resellerUser } from '@web/test/fixtures';
import { navItemsFor } from './nav-items';

describe('panel navigation', () => {
  it('links only to pages the server knows, so a reload there is the page and not a 404', () => {
    for (const user of [adminUser, resellerUser]) {
      const links = navItemsFor(user).flatMap((item) => (item.kind === 'group' ? item.children : [item]));
      const panelLinks = links.map((link) => link.to).filter((to) => to.startsWith('/dashboard'));
      expect(panelLinks.length).toBeGreaterThan(5);
      for (const to of panelLinks) expect(PANEL_PATHS).toContain(to);
    }
  });
});
