import type { FastifyPluginAsync } from 'fastify';
import { answerWithProblemDetails } from '../../plugins/error-envelope';
import { resellerApiDocument } from '../../plugins/openapi';
import { resellerApiAccountRoutes } from './account-routes';
import { resellerApiBulkRoutes } from './bulk-routes';
import { resellerApiExportRoutes } from './export-routes';
import { resellerApiDeviceRoutes } from './device-routes';
import { resellerApiReferencePage } from './reference-page';

/**
 * The reseller API (`/api/reseller/v1`, docs/architecture.md §6.9): a bearer API key acts as its
 * owner, narrowed to its scopes, through the same services and ownership rules as the panel.
 * Answers are `{ data }` (lists add `next_cursor`); failures are RFC 9457 problem details.
 */
export const resellerApiRoutes: FastifyPluginAsync = async (app) => {
  answerWithProblemDetails(app);
  // The document developers build against; public, like the API's own error answers.
  app.get('/openapi.json', { schema: { hide: true } }, async () =>
    resellerApiDocument(
      app.swagger() as Parameters<typeof resellerApiDocument>[0],
      app.deps.config.publicUrl,
    ),
  );
  await app.register(resellerApiReferencePage);
  await app.register(resellerApiExportRoutes);
  await app.register(resellerApiDeviceRoutes);
  await app.register(resellerApiAccountRoutes);
  await app.register(resellerApiBulkRoutes);
};
