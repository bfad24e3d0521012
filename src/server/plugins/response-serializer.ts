import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeEncode, safeParse, type ZodType } from 'zod';
import type { $ZodType } from 'zod/v4/core';

/** Schemas that hold a value of their own and nothing to walk into. */
const LEAVES = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'symbol',
  'null',
  'undefined',
  'void',
  'never',
  'any',
  'unknown',
  'date',
  'enum',
  'literal',
  'nan',
  'template_literal',
  'custom',
]);
/** Wrappers whose output is their inner schema's, or its value unchanged (optional, null, frozen). */
const WRAPPERS = new Set(['optional', 'nullable', 'readonly', 'nonoptional']);

const decided = new WeakMap<$ZodType, boolean>();

/**
 * Whether the schema gives the same output read forwards (parse) as backwards (encode): no codec,
 * transform, pipe, default, prefault or catch anywhere in it, and no check that rewrites a value
 * (`overwrite`: trim, case). Anything this does not know (lazy, map, set, promise, function) counts as
 * directional, so an unknown kind of schema keeps the encode.
 */
export function sameBothWays(schema: $ZodType): boolean {
  const known = decided.get(schema);
  if (known !== undefined) return known;
  decided.set(schema, false); // a schema reached again inside itself is decided by its first visit
  const result = decide(schema);
  decided.set(schema, result);
  return result;
}

function decide(schema: $ZodType): boolean {
  const def = schema._zod.def as $ZodType['_zod']['def'] & Record<string, unknown>;
  const checks = (def.checks ?? []) as Array<{ _zod: { def: { check: string } } }>;
  if (checks.some((check) => check._zod.def.check === 'overwrite')) return false;
  const inner = (...schemas: unknown[]) =>
    schemas.every((s) => s === undefined || sameBothWays(s as $ZodType));
  switch (def.type) {
    case 'object':
      return inner(...Object.values(def.shape as Record<string, $ZodType>), def.catchall);
    case 'array':
      return inner(def.element);
    case 'tuple':
      return inner(...(def.items as $ZodType[]), def.rest ?? undefined);
    case 'record':
      return inner(def.keyType, def.valueType);
    case 'union':
      return inner(...(def.options as $ZodType[]));
    case 'intersection':
      return inner(def.left, def.right);
    default:
      if (WRAPPERS.has(def.type)) return inner(def.innerType);
      return LEAVES.has(def.type);
  }
}

/** The route's zod schema, given bare or as `{ properties }` (as fastify-type-provider-zod accepts it). */
function zodSchemaOf(schema: unknown): ZodType {
  const candidate =
    schema && typeof schema === 'object' && 'properties' in schema
      ? (schema as { properties: unknown }).properties
      : schema;
  if (candidate && typeof candidate === 'object' && '_zod' in candidate) return candidate as ZodType;
  throw new Error(`A response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * Serializes a response through its zod schema, which drops every field the schema does not name
 * (a handler returning a whole row leaks nothing) and refuses a body that breaks the contract.
 * fastify-type-provider-zod's compiler encodes (reads the schema backwards, for codecs); zod's encode
 * runs every checked schema twice (a pass without checks, then one with them) and skips the compiled
 * object parser, which made it a sixth of the device list's main-thread time (decision 0026). Our
 * response schemas read the same both ways, so they are parsed forwards; one that does not (a
 * codec, a default) is still encoded, and a body the forward read refuses is tried backwards before
 * it fails, so nothing that serialized before fails now.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({
  schema: given,
  method,
  url,
}) => {
  const schema = zodSchemaOf(given);
  const forwards = sameBothWays(schema);
  return (data: unknown) => {
    let result = forwards ? safeParse(schema, data) : safeEncode(schema, data);
    if (result.error && forwards) result = safeEncode(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
