import { z } from 'zod';
import { ROLES } from './auth';
import { ok } from './common';

/**
 * The audit log's contract (decision 0017): GET /api/v1/audit and /api/v1/audit.csv. One schema for
 * the Activity screen's filters and the server's query validation.
 */

/** Who acted: an account by its role, a viewer's device, a visitor, or the server itself. */
export const AUDIT_ACTOR_ROLES = [...ROLES, 'viewer', 'visitor', 'system'] as const;
export type AuditActorRole = (typeof AUDIT_ACTOR_ROLES)[number];

const day = z.iso.date();

/** `?actor=&role=&action=&target=&from=&to=&device_id=&cursor=&limit=` */
export const auditQuerySchema = z.strictObject({
  /** Part of the actor's name, e-mail-free (a name or a MAC as it was when it acted). */
  actor: z.string().trim().max(100).optional(),
  /** The actor's kind: the only way to find a visitor's or the system's entries, which carry no name. */
  role: z.enum(AUDIT_ACTOR_ROLES).optional(),
  /** An action (`device.activated`) or its family (`device`). */
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z_]+(\.[a-z_]+)?$/, 'not an action')
    .optional(),
  /** Part of the target's name (a MAC, an account's name) or its reference (`device:12`). */
  target: z.string().trim().max(100).optional(),
  /** First and last day, inclusive (UTC). */
  from: day.optional(),
  to: day.optional(),
  /** One device's history (the device detail). */
  device_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  cursor: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
/** The filters as the Activity screen's form holds them (no paging). */
export type AuditFilters = Omit<AuditQuery, 'cursor' | 'limit' | 'device_id'>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({
    id: z.number().int().nullable(),
    label: z.string().nullable(),
    role: z.enum(AUDIT_ACTOR_ROLES),
    api_key: z.string().nullable(),
    ip: z.string().nullable(),
  }),
  action: z.string(),
  target: z.string().nullable(),
  target_label: z.string().nullable(),
  /** Changed fields as [old, new]; other facts the action carries (a plan, a count). */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = ok(z.array(auditEntrySchema), { next_cursor: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
