import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';
import { apiKeyScopeOf } from './api-key-guard';
import { requireAdmin, requireUser } from './auth-guards';
import { requireDeviceSession } from './device-guard';

/**
 * The OpenAPI document, generated from the same zod schemas that validate requests and serialize
 * answers: /api/docs (Swagger UI) and /api/docs/json. `npm run lint:openapi` checks it with redocly.
 * Call before any route is added: the onRoute hook completes each operation as it is registered.
 */
export async function registerOpenApi(app: FastifyInstance, config: AppConfig): Promise<void> {
  app.addHook('onRoute', describeOperation);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'StreamBox Player API', version: '1.0.0' },
      servers: [{ url: config.publicUrl ?? '/', description: 'This server' }],
      components: {
        securitySchemes: {
          panelSession: { type: 'apiKey', in: 'cookie', name: 'sid' },
          deviceSession: { type: 'apiKey', in: 'cookie', name: 'dsid' },
          resellerApiKey: { type: 'http', scheme: 'bearer', description: 'A reseller API key (sbk_…)' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The document maps every route and field for whoever asks, so production serves it only when
  // API_DOCS=public (config.apiDocs). The generator above stays: it only reads the route schemas.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}

/**
 * Says which session each operation needs, read from its guard, so the document cannot drift from
 * what the route enforces: the panel's cookie for requireUser and requireAdmin, the device page's for
 * requireDeviceSession, none (an explicit empty list) for public calls. Also names the operation
 * after its method and path, so generated clients get stable function names.
 */
function describeOperation(route: RouteOptions): void {
  if (!route.schema) return;
  const guards = [route.preValidation].flat();
  const apiKeyScope = guards.map(apiKeyScopeOf).find(Boolean);
  const security = apiKeyScope
    ? [{ resellerApiKey: [] }]
    : guards.includes(requireDeviceSession)
      ? [{ deviceSession: [] }]
      : guards.includes(requireUser) || guards.includes(requireAdmin)
        ? [{ panelSession: [] }]
        : [];
  const method = [route.method].flat()[0] ?? 'GET';
  route.schema = { ...route.schema, security, operationId: operationId(method, route.url) };
}

/** `PUT /api/v1/reseller/toggleBan/:id` -> `putResellerToggleBanById`. */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-_]/)));
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

type OpenApiDocument = {
  paths?: Record<string, unknown>;
  components?: { securitySchemes?: Record<string, unknown> };
};

/**
 * The reseller API's own document (`GET /api/reseller/v1/openapi.json`): the same operations as in
 * the whole API's document, under their own server address, with the bearer key as the only scheme.
 * Resellers' developers read this one; the panel's and the TV app's calls are not in it.
 */
export function resellerApiDocument(whole: OpenApiDocument, publicUrl: string | undefined) {
  const prefix = '/api/reseller/v1';
  const paths = Object.fromEntries(
    Object.entries(whole.paths ?? {})
      .filter(([path]) => path.startsWith(`${prefix}/`) && path !== `${prefix}/openapi.json`)
      .map(([path, operations]) => [path.slice(prefix.length), operations]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'StreamBox Reseller API',
      version: '1.0.0',
      description:
        'Automate your reseller account: devices, activation, playlists, credits. Authenticate with an API ' +
        'key from the panel (API keys) as a bearer token. Lists are paged by cursor; errors are RFC 9457 ' +
        'problem details with a stable code; POST calls accept Idempotency-Key.',
    },
    servers: [{ url: `${publicUrl ?? ''}${prefix}`, description: 'This server' }],
    security: [{ resellerApiKey: [] }],
    components: { securitySchemes: { resellerApiKey: whole.components?.securitySchemes?.resellerApiKey } },
    paths,
  };
}
