import { randomBytes } from 'node:crypto';

/** A new `webhook-id`: the same on every attempt of one delivery, so a receiver can drop repeats. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The body Standard Webhooks suggests: what happened, when, and its data. Written once, sent as is. */
export function messageBody(type: string, timestamp: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: timestamp.toISOString(), data });
}
