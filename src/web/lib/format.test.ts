import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format';

describe('formatRelativeTime', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it('uses seconds, minutes, hours and days', () => {
    expect(formatRelativeTime('2026-01-10T11:59:30Z', 'en', now)).toBe('30 seconds ago');
    expect(formatRelativeTime('2026-01-10T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-01-10T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-01-07T12:00:00Z', 'en', now)).toBe('3 days ago');
  });
  it('speaks the reader language', () => {
    expect(formatRelativeTime('2026-01-10T11:55:00Z', 'fr', now)).toBe('il y a 5 minutes');
    expect(formatRelativeTime('2026-01-10T11:55:00Z', 'ar', now)).toMatch(/دقائق/);
  });
});
