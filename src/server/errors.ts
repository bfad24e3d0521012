import type { ErrorCode } from '../shared/api/common';

/** A failure the client is meant to see: the error envelope turns it into `{success:false, code, message}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError(400, 'invalid_input', message, field ? { field } : {});
export const unauthorized = (message = 'Not signed in') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Not allowed') => new AppError(403, 'forbidden', message);
/** Also the answer for objects that exist but belong to someone else: never reveal them. */
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
/** A balance too small for an activation, a transfer or a new reseller's starting credits. */
export const insufficientCredits = () => new AppError(402, 'insufficient_credits', 'Not enough credits');
export const tooManyAttempts = (code: 'too_many_attempts' | 'account_locked', retryAfterMs: number) =>
  new AppError(
    429,
    code,
    code === 'account_locked'
      ? 'Too many failed attempts. Try again later.'
      : 'Too many attempts from this address. Try again later.',
    { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
  );
