import { z } from 'zod';
import { PASSWORD_MAX } from './auth';

/** Digits of an authenticator code (RFC 6238's default, what every authenticator app shows). */
export const TOTP_DIGITS = 6;
/** How many recovery codes enabling gives (each works once). */
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code from the authenticator app; spaces people type from the app are dropped. */
export const totpCodeSchema = z
  .string()
  .max(32)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));

/**
 * A code at sign-in or when disabling: the authenticator's 6 digits or a recovery code
 * ("abcd-efgh-ijkl-mnop", any case, with or without dashes and spaces).
 */
export const secondFactorCodeSchema = z
  .string()
  .max(64)
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[a-z2-7]{16})$/));

/** POST /api/v1/auth/2fa/setup: a new secret to enrol, as text, as an otpauth:// link and as a QR code. */
export const twoFactorSetupResponseSchema = z.object({
  success: z.literal(true),
  secret: z.string(),
  otpauth_url: z.string(),
  /** An SVG image of the otpauth:// link (shown as an image, never inserted as markup). */
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponseSchema>;

/** POST /api/v1/auth/2fa/enable */
export const enableTwoFactorBodySchema = z.strictObject({ code: totpCodeSchema });
export type EnableTwoFactorBody = z.input<typeof enableTwoFactorBodySchema>;
/** The recovery codes, shown this once: only their hashes are kept. */
export const enableTwoFactorResponseSchema = z.object({
  success: z.literal(true),
  recovery_codes: z.array(z.string()),
});

/** POST /api/v1/auth/2fa/disable: the password and a code (authenticator or recovery). */
export const disableTwoFactorBodySchema = z.strictObject({
  password: z.string().min(1).max(PASSWORD_MAX),
  code: secondFactorCodeSchema,
});
export type DisableTwoFactorBody = z.input<typeof disableTwoFactorBodySchema>;

/** POST /api/v1/auth/2fa/verify: the login's step token and a code; answers like a login. */
export const verifyTwoFactorBodySchema = z.strictObject({
  step_token: z.string().min(1).max(128),
  code: secondFactorCodeSchema,
});
export type VerifyTwoFactorBody = z.input<typeof verifyTwoFactorBodySchema>;
/** The code step of the sign-in form (the step token is kept by the page, not typed). */
export const twoFactorCodeFormSchema = verifyTwoFactorBodySchema.pick({ code: true });
