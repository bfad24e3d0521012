import { NEW_PASSWORD_MIN, PASSWORD_MAX } from '@shared/api/auth';
import { personNameSchema, phoneSchema } from '@shared/api/reseller';
import { z } from 'zod';

/** The server's cap on starting credits (createResellerBodySchema). */
export const STARTING_CREDITS_MAX = 1_000_000;

/**
 * Starting credits are floored at 0 (docs/product.md): a negative, empty or unreadable entry counts
 * as 0, and a fraction is dropped.
 */
export function floorCredits(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(String(value ?? '').trim() || 0);
  if (!Number.isFinite(number)) return 0;
  return Math.min(STARTING_CREDITS_MAX, Math.max(0, Math.floor(number)));
}

/**
 * The add form: full name, e-mail, password and phone are required; starting credits are optional.
 * `availableCredits` is the creator's own balance (null for admins, whose credits are unlimited): a
 * reseller cannot hand out more than it has. Messages are keys under resellers.form.errors.
 */
export function createResellerFormSchema(availableCredits: number | null) {
  return z.object({
    name: personNameSchema,
    email: z.string().trim().min(1, 'emailRequired').max(254, 'emailInvalid').pipe(z.email('emailInvalid')),
    password: z
      .string()
      .min(1, 'passwordRequired')
      .min(NEW_PASSWORD_MIN, 'passwordTooShort')
      .max(PASSWORD_MAX),
    phone: phoneSchema,
    credits: z
      .unknown()
      .transform(floorCredits)
      .refine((credits) => availableCredits === null || credits <= availableCredits, 'notEnoughCredits'),
  });
}

/** The edit form: only the name and the phone can change, both required. */
export const editResellerFormSchema = z.object({ name: personNameSchema, phone: phoneSchema });

export const RESELLER_FORM_ERROR_CODES = [
  'nameRequired',
  'phoneRequired',
  'emailRequired',
  'emailInvalid',
  'emailTaken',
  'passwordRequired',
  'passwordTooShort',
  'notEnoughCredits',
] as const;
export type ResellerFormErrorCode = (typeof RESELLER_FORM_ERROR_CODES)[number];

export function isResellerFormErrorCode(message: string | undefined): message is ResellerFormErrorCode {
  return RESELLER_FORM_ERROR_CODES.includes(message as ResellerFormErrorCode);
}
