import { z } from 'zod';
import { ok } from './common';
import { deviceViewSchema } from './device';

/**
 * Pairing codes are Crockford's base32: 0-9 and A-Z without I, L, O and U, so 8 characters carry
 * 40 bits. Look-alikes are not refused but read as what they look like (O as 0, I and L as 1), so a
 * code copied off a TV by eye still works.
 */
export const PAIRING_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PAIRING_CODE_LENGTH = 8;

/** A code as typed: spaces and dashes dropped, any case, look-alikes read as digits. */
export function normalizePairingCode(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** "ABCD2345" shown as "ABCD-2345": two halves are easier to read off a TV and type. */
export function formatPairingCode(code: string): string {
  return code.length === PAIRING_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** Messages are translation keys (device:validation.*), shared by the /pair form and the server. */
export const pairingCodeSchema = z
  .string()
  .max(20, 'pairing-code-invalid')
  .transform(normalizePairingCode)
  .pipe(
    z
      .string()
      .min(1, 'pairing-code-required')
      .regex(/^[0-9A-HJKMNP-TV-Z]{8}$/, 'pairing-code-invalid'),
  );

/** POST /api/v1/device/pairing/claim */
export const claimPairingBodySchema = z.strictObject({ code: pairingCodeSchema });
export type ClaimPairingBody = z.input<typeof claimPairingBodySchema>;

/** GET /api/v1/device/pairing/{code} and its QR image. */
export const pairingCodeParams = z.strictObject({ code: pairingCodeSchema });

/** What the TV app shows: the code, how long it lives, the page to open and a QR image of it. */
export const pairingCodeViewSchema = z.object({
  code: z.string(),
  /** Seconds. */
  expires_in: z.number().int(),
  url: z.string(),
  qr_url: z.string(),
});
export type PairingCodeView = z.infer<typeof pairingCodeViewSchema>;
export const pairingCodeResponseSchema = ok(pairingCodeViewSchema);

/** What a phone sees before claiming: enough to recognise the TV, nothing to sign in with. */
export const pairingPreviewSchema = z.object({
  /** Only the last two octets shown: "••:••:••:••:4D:5E". */
  mac: z.string(),
  app_name: z.string().nullable(),
  expires_in: z.number().int(),
});
export type PairingPreview = z.infer<typeof pairingPreviewSchema>;
export const pairingPreviewResponseSchema = ok(pairingPreviewSchema);

/** A claimed code: the device, as the device page's sign-in answers it. */
export const claimPairingResponseSchema = ok(deviceViewSchema);
