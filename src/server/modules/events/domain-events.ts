import type { ExpiringPlan, PaidPlan } from '../../../shared/plans';

/** What an edit changed, field by field: [before, after] (the audit log shows them). */
export type Changes = Record<string, [unknown, unknown]>;

/** Which reminder a `device.expiring` is: a week before the expiry, or a day before. */
export type ExpiryWindow = '7d' | '1d';

/**
 * A subscription's expiry, as the expiry scanner announces it (decision 0013). `owner_id` is the
 * reseller or admin who activated it (null: nobody's); `expires_at` is ISO 8601 and, with the
 * window, names the notice: a renewal moves the date and so brings new ones.
 */
type ExpiryPayload = {
  device_id: number;
  mac: string;
  owner_id: number | null;
  plan: ExpiringPlan;
  expires_at: string;
};

/** A device as the expiry digest lists it; `name` is the client's, as the device list shows it. */
type DigestEntry = { device_id: number; mac: string; name: string | null; expires_at: string };

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
  /** An admin banned a device. */
  'device.banned': { device_id: number; mac: string; owner_id: number | null };
  /** An admin lifted a device's ban (audited; no webhook announces it). */
  'device.unbanned': { device_id: number; mac: string; owner_id: number | null };
  /** A panel user changed a device's client name or phone. */
  'device.updated': { device_id: number; mac: string; changes: Changes };
  'device.deleted': { device_id: number; mac: string; owner_id: number | null };
  /** A device got a new key (the old one and its sessions stop); the key itself is never in it. */
  'device.key_reset': { device_id: number; mac: string; by: 'panel' | 'viewer' };
  /**
   * The TV app's first launch created the device (a free trial). By whoever called, a visitor to the
   * audit log: a MAC is claimed, not proven (decision 0011). Never the key the answer carries.
   */
  'device.registered': { device_id: number; mac: string; app_name: string | null };
  /**
   * The device page signed in, with the MAC and key or with a pairing code the TV showed: the
   * device's own action (the audit log's actor is the device). Never the key or the code.
   */
  'viewer.signed_in': { device_id: number; mac: string; method: 'device_key' | 'pairing_code' };
  /** The device page signed out (its session ended). */
  'viewer.signed_out': { device_id: number; mac: string };
  /** A webhook endpoint failed for too long and was disabled; its owner is told. */
  'webhook.disabled': { endpoint_id: number; owner_id: number; url: string };
  'registration.created': { registration_id: number; mac: string; plan: string; name: string };
  /** An admin rejected a registration (an approval is recorded as the device's activation). */
  'registration.rejected': { registration_id: number; mac: string; device_id: number | null; name: string };
  'contact.received': { message_id: number; name: string; subject: string };
  /** Sent once 7 days before a subscription's expiry and once 1 day before. */
  'device.expiring': ExpiryPayload & { window: ExpiryWindow };
  /** Sent once when a subscription has expired (within the last days, see decision 0013). */
  'device.expired': ExpiryPayload;
  /**
   * The daily expiry digest of one account (docs/architecture.md §6.16): how many of its devices
   * expire in the next 7 days and expired since the last digest, and the first of each, soonest first.
   */
  'expiry_digest.ready': {
    user_id: number;
    /** The UTC day of the run, YYYY-MM-DD. */
    day: string;
    expiring_count: number;
    expired_count: number;
    expiring: DigestEntry[];
    expired: DigestEntry[];
  };
  /**
   * "Forgot password?" for an existing account. No token here: the mail consumer mints it when it
   * sends, so its plaintext exists only in the e-mail (decision 0014).
   */
  'password_reset.requested': { user_id: number };
  /** A reset link was used: every session ended; the account is told by e-mail. */
  'password.reset': { user_id: number };
  /** A message to devices was sent (to one, to all the sender's, or to a filtered list) or withdrawn. */
  'device_message.sent': { message_id: number; to: 'device' | 'all' | 'filter'; recipients: number };
  'device_message.withdrawn': { message_id: number };
  /**
   * A playlist added, edited or removed, by a viewer, a panel user or an API key (the audit log says
   * which). Only the address's host: an Xtream address carries the account's password.
   */
  'playlist.added': { device_id: number; playlist_id: number; name: string; host: string };
  'playlist.updated': { device_id: number; playlist_id: number; name: string; changes: Changes };
  'playlist.deleted': { device_id: number; playlist_id: number; name: string };
  /** An account created below the actor (a reseller by an admin, a sub-reseller by a reseller). */
  'reseller.created': { user_id: number; target_name: string; role: string; credits: number };
  'reseller.updated': { user_id: number; target_name: string; changes: Changes };
  /** A ban ends the account's sessions and stops its API keys at once. */
  'reseller.banned': { user_id: number; target_name: string };
  'reseller.unbanned': { user_id: number; target_name: string };
  /** An application download link (admins): `target_name` is its version. */
  'link.created': { link_id: number; target_name: string | null; url: string };
  'link.updated': { link_id: number; target_name: string | null; url: string };
  'link.deleted': { link_id: number; target_name: string | null; url: string };
  /** An API key created or revoked: its name and prefix, never its secret. */
  'api_key.created': { key_id: number; target_name: string; prefix: string; scopes: string[] };
  'api_key.revoked': { key_id: number };
  /** A webhook endpoint added or removed: its address, never its signing secret. */
  'webhook.created': { endpoint_id: number; target_name: string; events: string[] };
  'webhook.deleted': { endpoint_id: number };
  /**
   * A delivery sent again by the endpoint's owner: `event` is the type it carries (`device.activated`,
   * `webhook.test`), `target_name` the endpoint's address; never its signing secret or the body.
   */
  'webhook.delivery_resent': { endpoint_id: number; delivery_id: number; target_name: string; event: string };
  /** A panel sign-in that started a session: by password, or by the code step of two-factor sign-in. */
  'auth.signed_in': { user_id: number; method: 'password' | 'two_factor' };
  'auth.signed_out': { user_id: number };
  /** The account's other sessions ended with the change (the browser that made it stays signed in). */
  'auth.password_changed': { user_id: number };
  /** `session` is the prefix the sessions list shows, never a token. */
  'auth.session_ended': { user_id: number; session: string };
  'auth.sessions_ended': { user_id: number; count: number };
  /** The account changed its e-mail preferences (today: the daily expiry digest on or off). */
  'account.preferences_changed': { user_id: number; changes: Changes };
  'two_factor.enabled': { user_id: number };
  'two_factor.disabled': { user_id: number };
}

export type EventType = keyof EventPayloads;

/** An event as a service records it: who did it (null for a visitor or the system) and about what. */
export type DomainEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; actorId: number | null; subject: string | null; payload: EventPayloads[K] };
}[T];

/** An event as consumers receive it, after it was committed. */
export type StoredEvent<T extends EventType = EventType> = DomainEvent<T> & { id: number; createdAt: Date };
