import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { appRoutes } from '../test/test-app';
import { responseSerializerCompiler, sameBothWays } from './response-serializer';

async function serve(schema: z.ZodType, body: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/', { schema: { response: { 200: schema } } }, async () => body);
  const response = await app.inject({ url: '/' });
  await app.close();
  return response;
}

describe('the response serializer', () => {
  it('tells the schemas that read the same both ways from those that do not', () => {
    const plain = z.object({
      id: z.number().int(),
      at: z.iso.datetime(),
      tags: z.array(z.enum(['a', 'b'])),
      owner: z
        .object({ name: z.string().max(100) })
        .nullable()
        .optional(),
      kind: z.union([z.literal('x'), z.literal('y')]),
      extra: z.record(z.string(), z.number()),
      pair: z.tuple([z.string(), z.boolean()]),
    });
    expect(sameBothWays(plain)).toBe(true);
    const directional: z.ZodType[] = [
      z.object({ n: z.number().default(1) }),
      z.object({ list: z.array(z.string().transform((s) => s.length)) }),
      z.object({ name: z.string().trim() }),
      z.object({
        when: z.codec(z.iso.datetime(), z.date(), {
          decode: (s) => new Date(s),
          encode: (d) => d.toISOString(),
        }),
      }),
      z.object({ inner: z.lazy(() => z.string()) }),
      z.object({ n: z.number().catch(0) }).nullable(),
    ];
    for (const schema of directional) expect(sameBothWays(schema)).toBe(false);
  });

  it("drops every field the schema does not name and writes the rest in the schema's order", async () => {
    const schema = z.object({
      success: z.literal(true),
      data: z.object({ id: z.number(), email: z.string() }),
    });
    const row = { email: 'a@example.test', id: 1, password_hash: '$argon2id$...', cle_mac: 'K7MXP4RT2Q' };
    const response = await serve(schema, { success: true, data: row, debug: 'internal' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"success":true,"data":{"id":1,"email":"a@example.test"}}');
  });

  it('refuses a body that breaks the contract: 500, nothing of the body sent', async () => {
    const schema = z.object({ id: z.number(), email: z.string() });
    const response = await serve(schema, { id: 'one', email: 'secret@example.test' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret@example.test');
  });

  it('still encodes a schema that reads differently backwards (a codec: Date out as text)', async () => {
    const when = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const response = await serve(z.object({ when }), { when: new Date('2026-01-02T03:04:05.000Z') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ when: '2026-01-02T03:04:05.000Z' });
  });

  it('reads a discriminated union forwards as its encode did', async () => {
    const schema = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('device'), mac: z.string() }),
      z.object({ kind: z.literal('user'), email: z.string() }),
    ]);
    expect(sameBothWays(schema)).toBe(true);
    const response = await serve(schema, { kind: 'user', email: 'a@example.test', password: 'x' });
    expect(response.json()).toEqual({ kind: 'user', email: 'a@example.test' });
  });
});

describe("the app's response schemas", () => {
  const schemas: Array<{ route: string; schema: $ZodType }> = [];
  beforeAll(async () => {
    for (const route of await appRoutes()) {
      const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
      for (const [status, schema] of Object.entries(responses)) {
        if (schema && typeof schema === 'object' && '_zod' in schema) {
          schemas.push({
            route: `${[route.method].flat().join(',')} ${route.url} ${status}`,
            schema: schema as $ZodType,
          });
        }
      }
    }
  });

  it('all read the same both ways, so every answer takes the forward read', () => {
    expect(schemas.length).toBeGreaterThan(100);
    expect(schemas.filter((s) => !sameBothWays(s.schema)).map((s) => s.route)).toEqual([]);
  });
});
