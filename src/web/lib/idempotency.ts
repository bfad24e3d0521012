import { useCallback, useState } from 'react';

/**
 * `Idempotency-Key` for calls that charge credits (docs/architecture.md §6.10): one key per attempt,
 * so a double click or a network retry of the same attempt is charged once, while a new attempt (a
 * new opening of the dialog, or a corrected form after a refusal) is a new request.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function idempotencyHeader(key: string | undefined): Record<string, string> | undefined {
  return key ? { 'Idempotency-Key': key } : undefined;
}

/** The current attempt's key, and `renew` to start the next attempt (after a refusal). */
export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}
