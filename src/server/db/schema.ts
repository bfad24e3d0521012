import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '../../shared/api/auth';

/**
 * Column conventions (both databases return the same JavaScript types, see db/sqlite.ts):
 *  - timestamps end in `_at` and come back as Date;
 *  - booleans start with `is_` or `has_` and come back as boolean;
 *  - times are always computed in JavaScript and passed as parameters, never with SQL's now().
 */
type Timestamp = ColumnType<Date, Date, Date>;
type CreatedAt = ColumnType<Date, Date, never>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  password_hash: string;
  role: Role;
  parent_id: number | null;
  credits: Generated<number>;
  is_banned: Generated<boolean>;
  /** The language of the account's e-mails (en, fr, ar): the panel's language at the last sign-in. */
  language: Generated<string>;
  /** Two-factor sign-in is on (migration 0016); the secret is in two_factor_secrets. */
  has_two_factor: Generated<boolean>;
  /** The account wants the daily expiry digest by e-mail (migration 0019; the account screen's opt-out). */
  has_expiry_digest: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A password-reset link's token (migration 0013): only its SHA-256; the row is deleted when used. */
export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a stolen database cannot be replayed as cookies. */
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface DevicesTable {
  id: Generated<number>;
  /** Normal form "00:1A:2B:3C:4D:5E". */
  mac: string;
  /** The 12 hex digits without separators, for searching partial MACs typed either way. */
  mac_hex: string;
  device_key: string;
  name: string | null;
  phone: string | null;
  app_name: string | null;
  payment_type: Generated<string>;
  is_paid: Generated<boolean>;
  paid_at: Timestamp | null;
  expires_at: Timestamp | null;
  is_banned: Generated<boolean>;
  owner_id: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface DeviceSessionsTable {
  token_hash: string;
  device_id: number;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
}

export interface PlaylistsTable {
  id: Generated<number>;
  device_id: number;
  name: string;
  url: string;
  is_account: Generated<boolean>;
  pin_hash: string | null;
  notes: string | null;
  /** The playlist's EPG (XMLTV) address, sent to the TV app. */
  epg_url: Generated<string | null>;
  /** The last probe's result as JSON (shared/api/playlist-probe.ts), and when it ran; never sent to the TV app. */
  probe_result: Generated<string | null>;
  probed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Recent probes of a device, by SHA-256 of the probed address, until a save stores one with its playlist. */
export interface PlaylistProbesTable {
  device_id: number;
  target_hash: string;
  result: string;
  probed_at: Timestamp;
}

export type CreditTransactionType = 'add' | 'remove' | 'transfer' | 'activation';

export interface CreditTransactionsTable {
  id: Generated<number>;
  type: CreditTransactionType;
  /** Always positive; `type` says which way it moved. */
  amount: number;
  sender_id: number | null;
  receiver_id: number | null;
  device_id: number | null;
  plan: string | null;
  /** The receiver's balance (or the spender's, for activations) right after this row. */
  balance_after: number | null;
  created_at: CreatedAt;
}

export interface LinksTable {
  id: Generated<number>;
  version: string | null;
  url: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ClientRegistrationsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  mac: string;
  device_id: number | null;
  plan: string;
  status: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  message: string;
  /** JSON of the values in the message (amounts, MACs, names) for translating it. */
  params: string | null;
  is_read: Generated<boolean>;
  created_at: CreatedAt;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  is_read: Generated<boolean>;
  created_at: CreatedAt;
}

/**
 * The TV app's answer per device, ready to send, with the sign-in columns copied from devices by
 * triggers (migration 0004); body NULL when stale.
 */
export interface DeviceDocumentsTable {
  mac: string;
  device_id: number;
  device_key: string;
  is_banned: boolean;
  version: Generated<number>;
  body: string | null;
}

/**
 * SQLite only: the MACs whose TV answer changed, logged by triggers (migration 0022), for the server's
 * copy of those answers in memory.
 */
export interface DeviceDocumentChangesTable {
  seq: Generated<number>;
  mac: string;
}

/** Each reseller's device list's version, raised by triggers (migration 0021); no row is version 0. */
export interface DeviceListVersionsTable {
  owner_id: number;
  version: number;
}

/** Guessing-limit counters (login per e-mail, per MAC, per IP; PIN per playlist). */
export interface AttemptCountersTable {
  key: string;
  failures: number;
  window_started_at: Timestamp;
  locked_until_at: Timestamp | null;
}

/** The row /health writes and reads back (migration 0007). */
export interface HealthChecksTable {
  id: number;
  checked_at: Date;
}

/** What happened (decision 0009), written in the transaction of the change. */
export interface EventsTable {
  id: Generated<number>;
  type: string;
  actor_id: number | null;
  /** What the event is about, e.g. "device:12". */
  subject: string | null;
  /** JSON of the event's payload. */
  payload: string;
  created_at: CreatedAt;
}

/** One state-changing action (migration 0018, decision 0017): append-only, written with its event. */
export interface AuditEntriesTable {
  id: Generated<number>;
  created_at: CreatedAt;
  event_id: number;
  /** The account, or the device for a viewer's action; null for a visitor or the system. */
  actor_id: number | null;
  /** The account's name or the device's MAC when it acted, kept as it was then. */
  actor_label: string | null;
  actor_role: string;
  /** Set when the action came through the reseller API: the key's name (never its secret). */
  api_key_name: string | null;
  ip: string | null;
  action: string;
  /** What the action is about, e.g. "device:12" (the event's subject). */
  target: string | null;
  /** A readable name for the target (a MAC, an account's name). */
  target_label: string | null;
  device_id: number | null;
  /** JSON: the event's payload, with `changes` ({field: [old, new]}) for an edit. */
  details: string;
}

/** One row per (event, consumer): the outbox worker's to-do list. */
export interface EventDeliveriesTable {
  id: Generated<number>;
  event_id: number;
  consumer: string;
  attempts: Generated<number>;
  /** Not claimed before this time (retries back off). */
  available_at: Timestamp;
  /** A claim's lease: another worker may take the row over once it has passed. */
  locked_until: Timestamp | null;
  claim_token: string | null;
  last_error: string | null;
  done_at: Timestamp | null;
  failed_at: Timestamp | null;
}

/** A reseller API key: the secret's hash, its scopes (JSON array) and when it was last used. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The secret's first characters, shown so the owner can tell keys apart. */
  prefix: string;
  secret_hash: string;
  scopes: string;
  created_at: CreatedAt;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
}

/** A request sent with `Idempotency-Key`: its hash and, once answered, the answer to replay. */
export interface IdempotencyKeysTable {
  /** Whose key it is, e.g. "user:12": two callers' keys never collide. */
  scope: string;
  key: string;
  request_hash: string;
  created_at: Timestamp;
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
}

/**
 * An expiry event already recorded (decision 0013): one row per device, window and expiry date, so a
 * scan never announces the same one twice; a renewal (a new expires_at) makes new ones possible.
 */
export interface DeviceExpiryNoticesTable {
  expires_at: Date;
  device_id: number;
  window: '7d' | '1d' | 'expired';
  created_at: CreatedAt;
}

/** The day an instance ran the expiry digest (migration 0019): one row per UTC day, `YYYY-MM-DD`. */
export interface ExpiryDigestRunsTable {
  day: string;
  started_at: CreatedAt;
}

/** A device an expiry digest listed: once per list and expiry date (migration 0019). */
export interface ExpiryDigestItemsTable {
  device_id: number;
  list: 'expiring' | 'expired';
  expires_at: Date;
  user_id: number;
  created_at: CreatedAt;
}

/** A webhook endpoint (decision 0015): where, which events, and the secret its messages are signed with. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  /** JSON array of event types. */
  events: string;
  /** `whsec_…`, kept as written because signing needs it; never sent back after creation. */
  secret: string;
  is_enabled: Generated<boolean>;
  created_at: CreatedAt;
  /** The first failure since the last success; null while it works. */
  first_failure_at: Date | null;
  disabled_at: Date | null;
}

/** One message to one endpoint: the webhook worker's to-do list and the owner's delivery log. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  /** The domain event it carries; null for a test event. */
  event_id: number | null;
  /** The `webhook-id` header, the same on every attempt. */
  message_id: string;
  type: string;
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  /** Not claimed before this time (retries back off). */
  available_at: Timestamp;
  locked_until: Timestamp | null;
  claim_token: string | null;
  response_status: number | null;
  latency_ms: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  created_at: CreatedAt;
}

/** A user's TOTP secret (migration 0016); pending until users.has_two_factor is set. */
export interface TwoFactorSecretsTable {
  user_id: number;
  secret: string;
  /** The last accepted 30-second step: only a later one is accepted (no replay). */
  last_used_step: number | null;
  created_at: CreatedAt;
}

/** SHA-256 of a recovery code; used_at set when it is spent (each works once). */
export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: CreatedAt;
  used_at: Date | null;
}

/** The step token between password and code: its SHA-256, whose it is, until when. */
export interface TwoFactorChallengesTable {
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Date;
}

/** A pairing code a TV asked for: only its SHA-256, its device, and when it expires or was used. */
export interface PairingCodesTable {
  id: Generated<number>;
  code_hash: string;
  device_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface DeviceMessagesTable {
  id: Generated<number>;
  author_id: number | null;
  text_en: string | null;
  text_fr: string | null;
  text_ar: string | null;
  recipients: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface DeviceMessageRecipientsTable {
  device_id: number;
  message_id: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  devices: DevicesTable;
  device_sessions: DeviceSessionsTable;
  playlists: PlaylistsTable;
  credit_transactions: CreditTransactionsTable;
  links: LinksTable;
  client_registrations: ClientRegistrationsTable;
  notifications: NotificationsTable;
  contact_messages: ContactMessagesTable;
  attempt_counters: AttemptCountersTable;
  device_documents: DeviceDocumentsTable;
  device_document_changes: DeviceDocumentChangesTable;
  device_list_versions: DeviceListVersionsTable;
  events: EventsTable;
  audit_entries: AuditEntriesTable;
  event_deliveries: EventDeliveriesTable;
  health_checks: HealthChecksTable;
  api_keys: ApiKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  device_expiry_notices: DeviceExpiryNoticesTable;
  expiry_digest_runs: ExpiryDigestRunsTable;
  expiry_digest_items: ExpiryDigestItemsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  password_reset_tokens: PasswordResetTokensTable;
  two_factor_secrets: TwoFactorSecretsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  pairing_codes: PairingCodesTable;
  playlist_probes: PlaylistProbesTable;
  device_messages: DeviceMessagesTable;
  device_message_recipients: DeviceMessageRecipientsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type PlaylistRow = Selectable<PlaylistsTable>;
