import { randomBytes } from 'node:crypto';
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from '../../../shared/api/pairing';

/**
 * 8 characters of a 32-letter alphabet from 40 random bits (5 bytes, 5 bits a character): uniform,
 * with no rejection needed since 32 divides 2^5.
 */
export function generatePairingCode(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = PAIRING_CODE_LENGTH - 1; i >= 0; i -= 1) {
    code += PAIRING_CODE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  }
  return code;
}

/** "00:1A:2B:3C:4D:5E" as "••:••:••:••:4D:5E": enough for a viewer to recognise their TV. */
export function maskMac(mac: string): string {
  return mac
    .split(':')
    .map((octet, i, all) => (i < all.length - 2 ? '••' : octet))
    .join(':');
}
