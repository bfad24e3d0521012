import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../shared/api/common';
import { isStalePlan } from '../db';
import { AppError } from '../errors';
import { outageOf } from '../outage';

/** What went wrong, before it is written in one of the API's two error formats. */
export interface Failure {
  status: number;
  code: ErrorCode;
  message: string;
  field?: string;
  retryAfterSeconds?: number;
}

/** A 503 that asks the client to send the request again after `retryAfterSeconds`. */
function unavailable(retryAfterSeconds: number): Failure {
  return {
    status: 503,
    code: 'service_unavailable',
    message: 'Service temporarily unavailable',
    retryAfterSeconds,
  };
}

/**
 * Classifies any error a handler or hook threw: bad input is a 400 naming the field, known failures
 * carry their code, and anything unexpected is a 500 whose details stay in the log.
 */
export function describeFailure(error: FastifyError, request: FastifyRequest): Failure {
  if (error instanceof AppError) {
    const { field, retryAfterSeconds } = error.extra;
    return { status: error.statusCode, code: error.code, message: error.message, field, retryAfterSeconds };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const params = (first?.params ?? {}) as { keys?: string[]; issue?: { keys?: string[] } };
    const unknownKey = params.keys?.[0] ?? params.issue?.keys?.[0];
    const pathField = first?.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const field = pathField || unknownKey || error.validationContext || 'body';
    const where = error.validationContext ?? 'body';
    const message = `${where}.${field}: ${first?.message ?? 'invalid'}`;
    return { status: 400, code: 'invalid_input', message, field };
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return { status: 413, code: 'payload_too_large', message: 'Request body is too large' };
  if (status >= 400 && status < 500) {
    // Malformed JSON, wrong content type, empty JSON body and similar: the client's fault, never a 500.
    return {
      status: status === 415 ? 415 : 400,
      code: 'invalid_input',
      message: error.message,
      field: 'body',
    };
  }
  if (isStalePlan(error)) {
    // A transaction met a statement its connection planned before another instance's migration
    // changed a column it returns; that connection prepares its statements afresh from now on, so
    // the same request sent again succeeds (src/server/db/index.ts, NamingClient).
    request.log.warn({ err: error }, 'a statement planned before a migration was refused');
    return unavailable(1);
  }
  const outage = outageOf(error);
  if (outage) {
    request.log.error({ err: error, outage }, 'a dependency is out of service');
    return unavailable(5);
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, code: 'internal_error', message: 'Internal server error' };
}

function withRetryAfter(reply: FastifyReply, failure: Failure): FastifyReply {
  if (failure.retryAfterSeconds) reply.header('Retry-After', String(failure.retryAfterSeconds));
  return reply.status(failure.status);
}

/** One error envelope for the panel's, the device page's and the TV app's API (docs/architecture.md). */
export const errorEnvelope = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = describeFailure(error, request);
    return withRetryAfter(reply, failure).send({
      success: false,
      code: failure.code,
      message: failure.message,
      ...(failure.field ? { field: failure.field } : {}),
    });
  });
});

/**
 * The reseller API's errors (docs/architecture.md §Reseller API): RFC 9457 problem details with the
 * same stable `code` (and `field` for bad input). Registered inside that API's scope only.
 */
export function answerWithProblemDetails(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = describeFailure(error, request);
    return withRetryAfter(reply, failure)
      .type('application/problem+json')
      .send({
        type: `about:blank`,
        title: failure.message,
        status: failure.status,
        code: failure.code,
        ...(failure.field ? { field: failure.field } : {}),
      });
  });
}
