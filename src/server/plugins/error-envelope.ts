import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../shared/api/common';
import { AppError } from '../errors';
import { outageOf } from '../outage';

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, field?: string) {
  return reply.status(status).send({ success: false, code, message, ...(field ? { field } : {}) });
}

/**
 * One error envelope for the whole API (docs/architecture.md): bad input is a 400 naming the field,
 * known failures carry their code, and anything unexpected is a 500 whose details stay in the log.
 */
export const errorEnvelope = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds) reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      return send(reply, error.statusCode, error.code, error.message, error.extra.field);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const params = (first?.params ?? {}) as { keys?: string[]; issue?: { keys?: string[] } };
      const unknownKey = params.keys?.[0] ?? params.issue?.keys?.[0];
      const pathField = first?.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const field = pathField || unknownKey || error.validationContext || 'body';
      const where = error.validationContext ?? 'body';
      return send(reply, 400, 'invalid_input', `${where}.${field}: ${first?.message ?? 'invalid'}`, field);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(reply, 413, 'payload_too_large', 'Request body is too large');
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, empty JSON body and similar: the client's fault, never a 500.
      return send(reply, status === 415 ? 415 : 400, 'invalid_input', error.message, 'body');
    }
    const outage = outageOf(error);
    if (outage) {
      request.log.error({ err: error, outage }, 'a dependency is out of service');
      reply.header('Retry-After', '5');
      return send(reply, 503, 'service_unavailable', 'Service temporarily unavailable');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'internal_error', 'Internal server error');
  });
});
