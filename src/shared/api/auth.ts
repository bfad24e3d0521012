import { z } from 'zod';
import { idParam, ok } from './common';

export const ROLES = ['admin', 'reseller', 'sub_reseller'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Lowest length the current password may have: docs/product.md's rule (4), see docs/decisions/0003. */
export const CURRENT_PASSWORD_MIN = 4;
export const NEW_PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** POST /api/v1/auth/login */
export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** A panel user as the API shows it: never the password hash. */
export const panelUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  credits: z.number().int(),
  parentId: z.number().int().nullable(),
  /** Whether this account may add accounts below it (admins always; others per RESELLER_TREE_DEPTH). */
  canAddSubResellers: z.boolean(),
  /** Two-factor sign-in is on for this account. */
  twoFactorEnabled: z.boolean(),
  /** REQUIRE_2FA applies and the account has not enrolled yet: only the enrolment screen works. */
  twoFactorEnrolmentRequired: z.boolean(),
  /** The account gets the daily expiry digest by e-mail (the account screen can turn it off). */
  expiryDigest: z.boolean(),
});
export type PanelUser = z.infer<typeof panelUserSchema>;

/** Notification kinds the panel translates; `message` is the English text for anything else. */
export const NOTIFICATION_KINDS = [
  'device_activated',
  'credits_received',
  'client_registration',
  'contact_message',
  'webhook_disabled',
  'expiry_digest',
] as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** The values the message was made from, for translating it. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** A signed-in answer: the user in `data`, and in `user` too, where the first client reads it. */
export const signedInResponseSchema = ok(panelUserSchema, { user: panelUserSchema });

/** With two-factor sign-in on, the password only earns a step token for POST /auth/2fa/verify. */
export const twoFactorStepResponseSchema = z.object({
  success: z.literal(true),
  two_factor_required: z.literal(true),
  step_token: z.string(),
});

/** POST /api/v1/auth/login: signed in, or (two-factor on) the step token for the code. */
export const loginResponseSchema = z.union([signedInResponseSchema, twoFactorStepResponseSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/v1/auth/check */
export const checkResponseSchema = ok(panelUserSchema, { notifs: z.array(notificationSchema) });
export type CheckResponse = z.infer<typeof checkResponseSchema>;

/** PATCH /api/v1/auth/change-password/{id} */
export const changePasswordParamsSchema = z.strictObject({ id: idParam });
export const changePasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(CURRENT_PASSWORD_MIN).max(PASSWORD_MAX),
  newPassword: z.string().min(NEW_PASSWORD_MIN).max(PASSWORD_MAX),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The form adds the confirmation, which never leaves the browser. */
export const changePasswordFormSchema = changePasswordBodySchema
  // Required like the other two, so an empty form says so for each of its three fields.
  .extend({ confirmPassword: z.string().min(1) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwords_dont_match',
  });

/** PUT /api/v1/auth/preferences: the signed-in account's e-mail preferences (shared by form and server). */
export const accountPreferencesSchema = z.strictObject({ expiry_digest: z.boolean() });
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;
export const accountPreferencesResponseSchema = ok(accountPreferencesSchema);

/** POST /api/v1/auth/forgot-password: answered 200 whether or not the account exists. */
export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** A reset link's token: 256 random bits, base64url (43 characters); anything else is refused unread. */
export const resetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'reset_link_invalid');

/** POST /api/v1/auth/reset-password: the new password follows the same rules as a changed one. */
export const resetPasswordBodySchema = z.strictObject({
  token: resetTokenSchema,
  password: z.string().min(NEW_PASSWORD_MIN).max(PASSWORD_MAX),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The reset page adds the confirmation, which never leaves the browser. */
export const resetPasswordFormSchema = z
  .strictObject({
    password: resetPasswordBodySchema.shape.password,
    confirmPassword: z.string().min(1),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwords_dont_match',
  });

/**
 * A signed-in session as its owner sees it. `id` is a prefix of the stored hash, never the cookie's
 * token: knowing it lets nobody sign in.
 */
export const sessionViewSchema = z.object({
  id: z.string(),
  /** "Chrome on Windows", from the user agent; null when the browser sent none. */
  browser: z.string().nullable(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

/** GET /api/v1/auth/sessions */
export const sessionListResponseSchema = ok(z.array(sessionViewSchema));

/** DELETE /api/v1/auth/sessions/{id} */
export const sessionParamsSchema = z.strictObject({ id: z.string().regex(/^[0-9a-f]{16}$/, 'invalid') });

/** POST /api/v1/auth/sessions/revoke-others: how many sessions were ended. */
export const revokeOthersResponseSchema = ok(z.object({ ended: z.number().int() }));
