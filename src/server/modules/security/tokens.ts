import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the value that goes into a session cookie. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
