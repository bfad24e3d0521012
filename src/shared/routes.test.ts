import { describe, expect, it } from 'vitest';
import { isKnownAppPath, isPanelPath, PANEL_PATH_PREFIX, PANEL_PATHS, PUBLIC_PATHS } from './routes';

describe('app paths', () => {
  it('knows every public and panel page and /test', () => {
    for (const path of [...PUBLIC_PATHS, ...PANEL_PATHS, '/test'])
      expect(isKnownAppPath(path), path).toBe(true);
  });

  it('matches like the client router: any case, trailing slash allowed', () => {
    expect(isKnownAppPath('/Pricing/')).toBe(true);
    expect(isKnownAppPath('/dashboard/passwordchange')).toBe(true);
    expect(isKnownAppPath('/account/view//')).toBe(true);
  });

  it('does not know other paths, even under a known prefix', () => {
    for (const path of [
      '/nope',
      '/pricing/extra',
      '/dashboard/unknown',
      '/account',
      '/api/v1/auth/check',
      '/test/1',
    ]) {
      expect(isKnownAppPath(path), path).toBe(false);
    }
  });

  it('tells panel paths apart', () => {
    expect(PANEL_PATH_PREFIX).toBe('/dashboard');
    expect(isPanelPath('/dashboard')).toBe(true);
    expect(isPanelPath('/dashboard/devices')).toBe(true);
    expect(isPanelPath('/test')).toBe(true);
    expect(isPanelPath('/dashboards')).toBe(false);
    expect(isPanelPath('/pricing')).toBe(false);
  });
});
