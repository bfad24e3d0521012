import { macField } from '@shared/api/mac-field';
import { INVALID_CHARACTERS } from '@shared/api/plain-text';
import { pairingCodeSchema } from '@shared/api/pairing';
import {
  checkPlaylistFields,
  PIN_MAX,
  PIN_MIN,
  playlistFields,
  type PlaylistBody,
} from '@shared/api/playlist';
import { z } from 'zod';

/**
 * The message keys the device page's forms use (docs/product.md), translated from
 * `device:validation.<key>`. The playlist keys are the shared schema's own.
 */
export const DEVICE_VALIDATION_KEYS = [
  'mac-required',
  'mac-invalid',
  'mac-key-required',
  'playlist-name-required',
  'playlist-url-required',
  'playlist-url-invalid',
  'account-details-required',
  INVALID_CHARACTERS,
  'pin-required',
  'pin-must-be-digits',
  'pin-must-be-4-digits',
  'confirm-pin-required',
  'pins-do-not-match',
  'incorrect-pin',
  'pairing-code-required',
  'pairing-code-invalid',
] as const;
export type DeviceValidationKey = (typeof DEVICE_VALIDATION_KEYS)[number];

export function isDeviceValidationKey(message: string | undefined): message is DeviceValidationKey {
  return (DEVICE_VALIDATION_KEYS as readonly string[]).includes(message ?? '');
}

const deviceFields = {
  mac: macField({ required: 'mac-required', invalid: 'mac-invalid' }),
  // The key is normalised by the server (spaces and dashes dropped, uppercased).
  cle_mac: z.string().trim().min(1, 'mac-key-required').max(64),
};

/** Device sign-in: MAC required, six hex pairs, then the MAC key required. */
export const deviceLoginFormSchema = z.object(deviceFields);
export type DeviceLoginFormInput = z.input<typeof deviceLoginFormSchema>;
export type DeviceLoginFormValues = z.output<typeof deviceLoginFormSchema>;

/** /pair: the code shown on the TV, read as the server reads it (dashes, case, look-alikes). */
export const pairCodeFormSchema = z.object({ code: pairingCodeSchema });
export type PairCodeFormInput = z.input<typeof pairCodeFormSchema>;
export type PairCodeFormValues = z.output<typeof pairCodeFormSchema>;

type PlaylistFormShape = z.output<z.ZodObject<typeof playlistFields>> & { confirmPin?: string | null };

/**
 * docs/product.md's checks, in its order, each field stopping at its own first failure: name, url
 * (direct) or account details, then, when a PIN is used: PIN required, digits, at least 4,
 * confirmation required, equal. Every field is judged on the same submit, so a viewer who left
 * several fields empty sees them all flagged at once, not one more per attempt. The playlist's own
 * checks come from the shared schema, so form and server cannot drift apart.
 */
function checkPlaylistForm(value: PlaylistFormShape, ctx: z.RefinementCtx<PlaylistFormShape>): void {
  checkPlaylistFields({ ...value, hasPin: false }, ctx);
  if (!value.hasPin) return;

  const fail = (path: 'pin' | 'confirmPin', message: DeviceValidationKey) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const pin = value.pin ?? '';
  const pinProblem: DeviceValidationKey | null = !pin
    ? 'pin-required'
    : !/^\d+$/.test(pin)
      ? 'pin-must-be-digits'
      : pin.length < PIN_MIN
        ? 'pin-must-be-4-digits'
        : null;
  if (pinProblem) fail('pin', pinProblem);
  if (!value.confirmPin) fail('confirmPin', 'confirm-pin-required');
  // Comparing with a PIN that is itself refused would only repeat the PIN's own message.
  else if (!pinProblem && value.confirmPin !== pin) fail('confirmPin', 'pins-do-not-match');
}

/** The shared playlist fields plus the PIN confirmation, which is checked here and never sent. */
const playlistFormFields = {
  ...playlistFields,
  confirmPin: z.string().max(PIN_MAX).optional().nullable(),
};

export const playlistFormSchema = z.object(playlistFormFields).superRefine(checkPlaylistForm);
export type PlaylistFormInput = z.input<typeof playlistFormSchema>;
export type PlaylistFormValues = z.output<typeof playlistFormSchema>;

/** The standalone add-playlist screen: the device's MAC and key first, then the playlist. */
export const standalonePlaylistFormSchema = z
  .object({ ...deviceFields, ...playlistFormFields })
  .superRefine(checkPlaylistForm);
export type StandalonePlaylistFormInput = z.input<typeof standalonePlaylistFormSchema>;
export type StandalonePlaylistFormValues = z.output<typeof standalonePlaylistFormSchema>;

export const emptyPlaylistForm = {
  name: '',
  url: '',
  isAccount: false,
  host: '',
  username: '',
  password: '',
  hasPin: false,
  pin: '',
  confirmPin: '',
  epg_url: '',
} satisfies PlaylistFormInput;

/** What the API receives: only the fields of the chosen type, and no PIN confirmation. */
export function toPlaylistBody(values: PlaylistFormValues): PlaylistBody {
  return {
    name: values.name,
    isAccount: values.isAccount,
    url: values.isAccount ? null : (values.url ?? null),
    host: values.isAccount ? (values.host ?? null) : null,
    username: values.isAccount ? (values.username ?? null) : null,
    password: values.isAccount ? (values.password ?? null) : null,
    hasPin: values.hasPin,
    pin: values.hasPin ? (values.pin ?? null) : null,
    epg_url: values.epg_url || null,
  };
}
