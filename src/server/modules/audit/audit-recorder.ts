import type { FastifyRequest } from 'fastify';
import type { AuditActorRole } from '../../../shared/api/audit';
import type { Db } from '../../db';
import type { DomainEvent, EventType } from '../events/domain-events';
import { createUserRepository } from '../users/user-repository';
import { createAuditRepository } from './audit-repository';
import { servingRequest } from './request-context';
import { noteAuditedAction } from './route-audit';

/**
 * What the server does on its own (the expiry scanner, the webhook worker): facts, not anyone's
 * action, so they are not audited. Every other event is an action someone took.
 */
const SYSTEM_EVENTS: ReadonlySet<EventType> = new Set<EventType>([
  'device.expiring',
  'device.expired',
  'expiry_digest.ready',
  'webhook.disabled',
]);

type AuditActor = {
  id: number | null;
  label: string | null;
  role: AuditActorRole;
  apiKeyName: string | null;
};

/**
 * Who acted, from the request being served: the API key's owner (and the key's name), the panel
 * session's account, the device signed in on the device page or calling as the TV app. Sign-in and
 * password-reset events name an account the request has not authenticated yet: it is read by id.
 */
async function actorOf(
  trx: Db,
  request: FastifyRequest | undefined,
  actorId: number | null,
): Promise<AuditActor> {
  if (request?.user && (actorId === null || actorId === request.user.id)) {
    const user = request.user;
    return {
      id: user.id,
      label: user.name,
      role: user.role,
      apiKeyName: request.apiCaller?.key.name ?? null,
    };
  }
  if (actorId !== null) {
    const user = await createUserRepository(trx).findById(actorId);
    return { id: actorId, label: user?.name ?? null, role: user?.role ?? 'system', apiKeyName: null };
  }
  if (request?.device) return { id: null, label: request.device.mac, role: 'viewer', apiKeyName: null };
  return { id: null, label: null, role: request ? 'visitor' : 'system', apiKeyName: null };
}

/**
 * The device page's sign-in and sign-out are the device's own actions, by a request that has not
 * authenticated it yet (or no longer does): the actor is the device the event names.
 */
function deviceActor(event: DomainEvent): AuditActor | null {
  if (event.type !== 'viewer.signed_in' && event.type !== 'viewer.signed_out') return null;
  return { id: null, label: event.payload.mac, role: 'viewer', apiKeyName: null };
}

/** A readable name for what the action is about: a device's MAC, an account's or a thing's name. */
function targetLabel(payload: Record<string, unknown>): string | null {
  for (const key of ['mac', 'target_name', 'name'] as const) {
    const value = payload[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/**
 * Writes the audit entry of an event, inside the transaction that records it (the outbox calls this
 * from `record`), so an entry exists exactly when its change was committed (decision 0017).
 */
export async function auditEvent(trx: Db, event: DomainEvent, eventId: number, now: Date): Promise<void> {
  if (SYSTEM_EVENTS.has(event.type)) return;
  const request = servingRequest();
  const actor = deviceActor(event) ?? (await actorOf(trx, request, event.actorId));
  const payload = event.payload as Record<string, unknown>;
  await createAuditRepository(trx).insert({
    created_at: now,
    event_id: eventId,
    actor_id: actor.id,
    actor_label: actor.label,
    actor_role: actor.role,
    api_key_name: actor.apiKeyName,
    ip: request?.ip ?? null,
    action: event.type,
    target: event.subject,
    target_label: targetLabel(payload),
    device_id: typeof payload.device_id === 'number' ? payload.device_id : null,
    details: JSON.stringify(payload),
  });
  noteAuditedAction(request, event.type);
}
