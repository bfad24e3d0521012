import { isHttpUrl } from '@shared/api/common';
import { hasInvalidCharacters, INVALID_CHARACTERS } from '@shared/api/plain-text';
import { PIN_MAX, PIN_MIN, PLAYLIST_NAME_MAX, PLAYLIST_URL_MAX } from '@shared/api/playlist';
import { isValidMac, normalizeMac } from '@shared/mac';
import { z } from 'zod';
import type { ProbeBody } from '@shared/api/playlist-probe';
import type { PanelPlaylistBody } from './api';

export const PLAYLIST_VALIDATION_KEYS = [
  'device-required',
  'device-mac-invalid',
  'playlist-name-required',
  'playlist-url-required',
  'playlist-url-invalid',
  'account-details-required',
  'field-required',
  INVALID_CHARACTERS,
  'pin-required',
  'pin-must-be-digits',
  'pin-must-be-4-digits',
  'confirm-pin-required',
  'pins-do-not-match',
] as const;
export type PlaylistValidationKey = (typeof PLAYLIST_VALIDATION_KEYS)[number];

export function isPlaylistValidationKey(message: string | undefined): message is PlaylistValidationKey {
  return PLAYLIST_VALIDATION_KEYS.some((key) => key === message);
}

export const playlistFormFields = z.object({
  deviceMac: z.string().trim().max(17),
  name: z.string().trim().max(PLAYLIST_NAME_MAX),
  kind: z.enum(['url', 'account']),
  url: z.string().trim().max(PLAYLIST_URL_MAX),
  host: z.string().trim().max(PLAYLIST_URL_MAX),
  username: z.string().trim().max(200),
  password: z.string().max(200),
  hasPin: z.boolean(),
  pin: z.string().max(PIN_MAX),
  confirmPin: z.string().max(PIN_MAX),
});
export type PlaylistFormValues = z.infer<typeof playlistFormFields>;

/**
 * The panel's playlist form: the shared playlist rules with their message keys (docs/product.md),
 * each field checked at once so every problem shows together, plus the device and the PIN
 * confirmation, which never leaves the browser. When editing a playlist that already has a PIN,
 * leaving both PIN fields empty keeps it.
 */
export function playlistFormSchema(options: { requireDevice: boolean; keepPinAllowed: boolean }) {
  return playlistFormFields.superRefine((value, ctx) => {
    const fail = (path: keyof PlaylistFormValues, message: PlaylistValidationKey) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (options.requireDevice) {
      if (!value.deviceMac) fail('deviceMac', 'device-required');
      else if (!isValidMac(value.deviceMac)) fail('deviceMac', 'device-mac-invalid');
    }
    // The server's rule for stored text (shared/api/plain-text.ts), checked first: the URL parser
    // would quietly drop a line break and accept the address.
    const invalid = (text: string, token = true) => hasInvalidCharacters(text, { token });
    if (!value.name) fail('name', 'playlist-name-required');
    else if (invalid(value.name, false)) fail('name', INVALID_CHARACTERS);
    if (value.kind === 'url') {
      if (!value.url) fail('url', 'playlist-url-required');
      else if (invalid(value.url)) fail('url', INVALID_CHARACTERS);
      else if (!isHttpUrl(value.url)) fail('url', 'playlist-url-invalid');
    } else {
      if (!value.host) fail('host', 'account-details-required');
      else if (invalid(value.host)) fail('host', INVALID_CHARACTERS);
      else if (!isHttpUrl(value.host)) fail('host', 'playlist-url-invalid');
      if (!value.username) fail('username', 'field-required');
      else if (invalid(value.username)) fail('username', INVALID_CHARACTERS);
      if (!value.password) fail('password', 'field-required');
      else if (invalid(value.password)) fail('password', INVALID_CHARACTERS);
    }
    if (!value.hasPin) return;
    if (options.keepPinAllowed && !value.pin && !value.confirmPin) return;
    if (!value.pin) fail('pin', 'pin-required');
    else if (!/^\d+$/.test(value.pin)) fail('pin', 'pin-must-be-digits');
    else if (value.pin.length < PIN_MIN) fail('pin', 'pin-must-be-4-digits');
    if (!value.confirmPin) fail('confirmPin', 'confirm-pin-required');
    else if (value.pin && value.confirmPin !== value.pin) fail('confirmPin', 'pins-do-not-match');
  });
}

/** The request body for the values of a valid form. */
export function toPlaylistBody(
  values: PlaylistFormValues,
  extra: { notes: string | null; mac?: string; userId?: number },
): PanelPlaylistBody {
  const isAccount = values.kind === 'account';
  return {
    name: values.name,
    isAccount,
    url: isAccount ? null : values.url,
    username: isAccount ? values.username : null,
    password: isAccount ? values.password : null,
    host: isAccount ? values.host : null,
    hasPin: values.hasPin,
    pin: values.hasPin && values.pin ? values.pin : null,
    notes: extra.notes,
    ...(extra.mac ? { mac: normalizeMac(extra.mac) ?? extra.mac } : {}),
    ...(extra.userId ? { userId: extra.userId } : {}),
  };
}

/** What the server checks before saving (POST /playlist/probe): the address or the account, on `mac`. */
export function probeBodyOf(values: PlaylistFormValues, mac: string): ProbeBody {
  const device = normalizeMac(mac) ?? mac;
  if (values.kind === 'url') return { url: values.url, mac: device };
  return { server: values.host, username: values.username, password: values.password, mac: device };
}
