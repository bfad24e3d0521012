import type { PaidPlan } from '../../../shared/plans';

/**
 * Everything services announce, by type, with its payload. A new event is a new entry here; its
 * consumers (notifications today; webhooks, the audit log and e-mail next) subscribe by type.
 * Payloads carry ids and the values a reader needs, never secrets (keys, passwords, PINs).
 */
export interface EventPayloads {
  'device.activated': { device_id: number; mac: string; plan: PaidPlan; owner_id: number | null };
  /** A balance changed by a transfer or an admin's add / remove; `change` is signed. */
  'credits.changed': {
    user_id: number;
    change: number;
    balance: number;
    reason: 'admin_add' | 'admin_remove' | 'transfer_in' | 'transfer_out';
    /** The other side of a transfer, by name (shown to the receiver). */
    counterpart?: string;
  };
  'registration.created': { registration_id: number; mac: string; plan: string; name: string };
  'contact.received': { message_id: number; name: string; subject: string };
}

export type EventType = keyof EventPayloads;

/** An event as a service records it: who did it (null for a visitor or the system) and about what. */
export type DomainEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; actorId: number | null; subject: string | null; payload: EventPayloads[K] };
}[T];

/** An event as consumers receive it, after it was committed. */
export type StoredEvent<T extends EventType = EventType> = DomainEvent<T> & { id: number; createdAt: Date };
