import { describe, expect, it } from 'vitest';
import {
  deviceLoginFormSchema,
  emptyPlaylistForm,
  playlistFormSchema,
  standalonePlaylistFormSchema,
  toPlaylistBody,
} from './schemas';

/** Every message the form shows, as "field: key", in docs/product.md's order. */
function messages(input: Record<string, unknown>) {
  const result = playlistFormSchema.safeParse({
    name: 'Sports',
    url: 'http://lists.example/sports.m3u',
    isAccount: false,
    host: '',
    username: '',
    password: '',
    hasPin: false,
    pin: '',
    confirmPin: '',
    ...input,
  });
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('playlist form schema (docs/product.md, in order)', () => {
  it.each([
    [{ name: '', url: '' }, ['name: playlist-name-required', 'url: playlist-url-required']],
    [
      { name: '  ', url: '', hasPin: true },
      [
        'name: playlist-name-required',
        'url: playlist-url-required',
        'pin: pin-required',
        'confirmPin: confirm-pin-required',
      ],
    ],
    [{ url: '' }, ['url: playlist-url-required']],
    [
      { url: '', hasPin: true, pin: '' },
      ['url: playlist-url-required', 'pin: pin-required', 'confirmPin: confirm-pin-required'],
    ],
    [{ url: 'javascript:alert(1)' }, ['url: playlist-url-invalid']],
    [{ isAccount: true, host: 'http://h.example', username: 'u' }, ['host: account-details-required']],
    [
      { isAccount: true, hasPin: true },
      ['host: account-details-required', 'pin: pin-required', 'confirmPin: confirm-pin-required'],
    ],
    [{ name: 'News\u202E' }, ['name: invalid-characters']],
    [{ name: 'News\n' }, ['name: invalid-characters']],
    [{ url: 'http://lists.example/a\u0000.m3u' }, ['url: invalid-characters']],
    [{ url: 'http://lists.example/\u200Fa.m3u' }, ['url: invalid-characters']],
    [
      { isAccount: true, host: 'http://h.example\r', username: 'u', password: 'p' },
      ['host: invalid-characters'],
    ],
    [
      { isAccount: true, host: 'http://h.example', username: 'u\u2067', password: 'p' },
      ['username: invalid-characters'],
    ],
    [{ hasPin: true }, ['pin: pin-required', 'confirmPin: confirm-pin-required']],
    [{ hasPin: true, pin: '12a4', confirmPin: '12a4' }, ['pin: pin-must-be-digits']],
    [{ hasPin: true, pin: '123', confirmPin: '124' }, ['pin: pin-must-be-4-digits']],
    [{ hasPin: true, pin: '1234' }, ['confirmPin: confirm-pin-required']],
    [{ hasPin: true, pin: '1234', confirmPin: '1243' }, ['confirmPin: pins-do-not-match']],
  ])('%j fails with %j', (input, expected) => {
    expect(messages(input)).toEqual(expected);
  });

  it('accepts a complete form, and ignores the PIN fields when no PIN is used', () => {
    expect(messages({ hasPin: true, pin: '1234', confirmPin: '1234' })).toEqual([]);
    expect(messages({ hasPin: false, pin: '1', confirmPin: '2' })).toEqual([]);
    expect(
      messages({ isAccount: true, url: '', host: 'http://h.example:8080', username: 'u', password: 'p' }),
    ).toEqual([]);
  });

  it('sends only the chosen type, and never the confirmation', () => {
    const account = playlistFormSchema.parse({
      name: 'Sports',
      url: 'http://left.over/list.m3u',
      isAccount: true,
      host: 'http://h.example:8080',
      username: 'u',
      password: 'p',
      hasPin: true,
      pin: '1234',
      confirmPin: '1234',
    });
    expect(toPlaylistBody(account)).toEqual({
      name: 'Sports',
      url: null,
      isAccount: true,
      host: 'http://h.example:8080',
      username: 'u',
      password: 'p',
      hasPin: true,
      pin: '1234',
      epg_url: null,
    });
    const direct = playlistFormSchema.parse({
      name: 'News',
      url: 'http://lists.example/news.m3u',
      isAccount: false,
      host: 'http://left.over',
      username: 'u',
      password: 'p',
      hasPin: false,
      pin: '9999',
      confirmPin: '',
    });
    expect(toPlaylistBody(direct)).toMatchObject({
      url: 'http://lists.example/news.m3u',
      host: null,
      pin: null,
    });
  });
});

describe('standalone add-playlist form schema', () => {
  it('flags every empty required field on the first submit, Account type included', () => {
    const result = standalonePlaylistFormSchema.safeParse({
      mac: '',
      cle_mac: '',
      ...emptyPlaylistForm,
      isAccount: true,
    });
    const fields = new Set(result.error?.issues.map((issue) => issue.path.join('.')));
    expect([...fields]).toEqual(['mac', 'cle_mac', 'name', 'host']);
    expect(result.error?.issues.find((issue) => issue.path[0] === 'host')?.message).toBe(
      'account-details-required',
    );
  });
});

describe('device login form schema', () => {
  it('checks the MAC (required, then format) and the key', () => {
    // A form shows the first message of each field.
    const messages = (input: Record<string, string>) => {
      const first = new Map<string, string>();
      for (const issue of deviceLoginFormSchema.safeParse(input).error?.issues ?? []) {
        const field = String(issue.path[0]);
        if (!first.has(field)) first.set(field, issue.message);
      }
      return [...first].map(([field, message]) => `${field}: ${message}`);
    };
    expect(messages({ mac: '', cle_mac: '' })).toEqual(['mac: mac-required', 'cle_mac: mac-key-required']);
    expect(messages({ mac: '00:1A:2B', cle_mac: 'K' })).toEqual(['mac: mac-invalid']);
    expect(deviceLoginFormSchema.parse({ mac: '00-1a-2b-3c-4d-5e', cle_mac: ' abc ' })).toEqual({
      mac: '00:1A:2B:3C:4D:5E',
      cle_mac: 'abc',
    });
  });
});
