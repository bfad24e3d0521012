import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging';

describe('redactUrl', () => {
  it('hides device keys and other secrets in query strings', () => {
    const logged = redactUrl('/api/v1/device?mac=00:1A:2B:3C:4D:5E&cle_mac=K7P9QX2M');
    expect(logged).not.toContain('K7P9QX2M');
    expect(logged).toContain('mac=00%3A1A%3A2B%3A3C%3A4D%3A5E');
    expect(redactUrl('/x?PIN=1234&password=hunter2')).not.toMatch(/1234|hunter2/);
  });

  it('leaves URLs without a query alone', () => {
    expect(redactUrl('/api/v1/health')).toBe('/api/v1/health');
  });
});
