import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../../shared/api/common';

describe('response schemas', () => {
  it('drop every field the schema does not name, whatever the handler returns', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const userSchema = z.object({ id: z.number(), email: z.string() });
    app.get('/user', { schema: { response: { 200: ok(userSchema) } } }, async () => {
      // A handler that returns a whole row by mistake.
      const row = { id: 1, email: 'a@example.test', password_hash: '$argon2id$...', cle_mac: 'K7MXP4RT2Q' };
      return { success: true as const, data: row, debug: 'internal' };
    });
    const response = await app.inject({ url: '/user' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { id: 1, email: 'a@example.test' } });
    await app.close();
  });
});
