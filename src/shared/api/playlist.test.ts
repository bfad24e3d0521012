import { describe, expect, it } from 'vitest';
import { playlistBodySchema } from './playlist';

const empty = { name: '', url: '', isAccount: false, host: '', username: '', password: '', hasPin: false };

function issues(input: Record<string, unknown>) {
  const result = playlistBodySchema.safeParse({ ...empty, ...input });
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('playlist body schema (the API)', () => {
  it('answers with the first failure only, in docs/product.md order', () => {
    expect(issues({})).toEqual(['name: playlist-name-required']);
    expect(issues({ isAccount: true })).toEqual(['name: playlist-name-required']);
    expect(issues({ name: 'Kids', isAccount: true, host: 'ftp://h', username: 'u', password: 'p' })).toEqual([
      'host: playlist-url-invalid',
    ]);
    expect(issues({ name: 'Kids', url: 'http://a.example/x.m3u', hasPin: true, pin: '12' })).toEqual([
      'pin: pin-must-be-4-digits',
    ]);
  });

  it('accepts a complete account playlist', () => {
    expect(
      issues({ name: 'Kids', isAccount: true, host: 'http://h.example', username: 'u', password: 'p' }),
    ).toEqual([]);
  });
});
