import { z } from 'zod';
import { isValidMac, normalizeMac } from '../mac';

/**
 * A MAC in any accepted spelling (":" or "-", any case), normalised to "00:1A:2B:3C:4D:5E".
 * Forms pass their own message keys; the API's default messages are docs/product.md's device-login ones.
 */
export function macField(messages: { required?: string; invalid?: string } = {}) {
  const invalid = messages.invalid ?? 'Invalid MAC address format (e.g. 00:1A:2B:3C:4D:5E)';
  return z
    .string({ error: messages.required ?? 'MAC address is required' })
    .trim()
    .min(1, messages.required ?? 'MAC address is required')
    .max(17, invalid)
    .refine(isValidMac, invalid)
    .transform((value) => normalizeMac(value) as string);
}

export const macSchema = macField();
