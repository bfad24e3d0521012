import type { DomainEvent } from '../events/domain-events';

type AccountEventType =
  'auth.signed_out' | 'auth.password_changed' | 'two_factor.enabled' | 'two_factor.disabled';

/** An account's own security event, about itself (the audit log's target is the account). */
export function accountEvent(type: AccountEventType, userId: number): DomainEvent {
  return { type, actorId: userId, subject: `user:${userId}`, payload: { user_id: userId } };
}

export function signedIn(userId: number, method: 'password' | 'two_factor'): DomainEvent {
  return {
    type: 'auth.signed_in',
    actorId: userId,
    subject: `user:${userId}`,
    payload: { user_id: userId, method },
  };
}
