import { randomBytes } from 'node:crypto';

/** No 0/O, 1/I/L: a key is read off a TV screen and typed on a phone. */
export const DEVICE_KEY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 31^10 is about 2^49.5: above docs/architecture.md's 48 bits. */
export const DEVICE_KEY_LENGTH = 10;

/** Uniform over the alphabet (bytes that would bias the modulo are drawn again). */
export function generateDeviceKey(): string {
  const limit = 256 - (256 % DEVICE_KEY_ALPHABET.length);
  let key = '';
  while (key.length < DEVICE_KEY_LENGTH) {
    for (const byte of randomBytes(DEVICE_KEY_LENGTH * 2)) {
      if (byte >= limit) continue;
      key += DEVICE_KEY_ALPHABET[byte % DEVICE_KEY_ALPHABET.length];
      if (key.length === DEVICE_KEY_LENGTH) break;
    }
  }
  return key;
}
