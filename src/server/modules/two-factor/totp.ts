import { randomBytes } from 'node:crypto';
import { getTOTPAuthUri, verifyTOTP } from '@epic-web/totp';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from '../../../shared/api/two-factor';
import { hashToken } from '../security/tokens';

/** RFC 6238's defaults: what every authenticator app assumes when the otpauth:// link is scanned. */
const TOTP = { period: 30, digits: TOTP_DIGITS, algorithm: 'SHA-1' } as const;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(bytes: Uint8Array): string {
  let out = '';
  let value = 0;
  let bits = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/**
 * 160 random bits, RFC 4226's recommended key length (the library's own default is 80 bits), in the
 * base32 an authenticator app reads.
 */
export function newTotpSecret(): string {
  return base32(randomBytes(20));
}

/** The 30-second step a time falls in: what replay protection remembers. */
export function totpStepAt(ms: number): number {
  return Math.floor(ms / 1000 / TOTP.period);
}

/**
 * The step a right code belongs to, or null. One step either side of now is accepted (clock drift
 * between phone and server). The library compares against its own clock: the steps read before and
 * after it bracket it, and if a step boundary passed in between, the later reading is kept, which
 * can only make replay protection stricter.
 */
export async function acceptedTotpStep(secret: string, code: string): Promise<number | null> {
  const before = totpStepAt(Date.now());
  const match = await verifyTOTP({ otp: code, secret, ...TOTP, window: 1 });
  const after = totpStepAt(Date.now());
  if (!match) return null;
  return Math.max(before, after) + match.delta;
}

export function otpauthUrl(secret: string, accountName: string, issuer: string): string {
  return getTOTPAuthUri({ ...TOTP, secret, accountName, issuer });
}

export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * Recovery codes: 16 characters of base32 (80 random bits each), shown in groups of four. So much
 * entropy makes a plain SHA-256 enough to store them (no slow hash to try against ten rows).
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(16)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** What is stored for a recovery code; input is normalised first (case, dashes, spaces). */
export function recoveryCodeHash(code: string): string {
  return hashToken(code.replace(/[\s-]+/g, '').toLowerCase());
}
