import Fastify from 'fastify';

/** The physical limit to compare with: a bare Fastify route answering a fixed JSON of the same size. */
const port = Number(process.env.PORT);
const size = Number(process.env.BODY_BYTES ?? 600);
const body = JSON.stringify({ success: true, data: { padding: 'x'.repeat(Math.max(0, size - 40)) } });
const app = Fastify({ logger: false });
app.get('/bare', async (_request, reply) => reply.type('application/json').send(body));
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
