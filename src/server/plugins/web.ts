import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKnownAppPath } from '../../shared/routes';

/**
 * Serves the built front end: hashed assets with long caching, and index.html for every route the
 * app knows (status 200) or for an unknown path (status 404, the app shows its not-found page).
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }

  return async function serveApp(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ success: false, code: 'not_found', message: 'Not found' });
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (or `npm run dev` for development).');
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const status = isKnownAppPath(pathname) ? 200 : 404;
    return reply.status(status).header('Cache-Control', 'no-cache').sendFile('index.html');
  };
}
