/**
 * The device list's answer serialized by fastify-type-provider-zod's compiler (zod's encode) and by
 * ours (a forward parse, decision 0026), in turns in one process, so both see the same machine:
 * `npx tsx bench/serializer.ts [rounds] [answers per round]`. Prints µs per answer of 25 devices.
 */
import { serializerCompiler } from 'fastify-type-provider-zod';
import { deviceListResponseSchema } from '../src/shared/api/panel-device';
import { responseSerializerCompiler } from '../src/server/plugins/response-serializer';
import { pagination, toPanelDevice } from '../src/server/modules/devices/panel-device-service';

const rounds = Number(process.argv[2] ?? 5);
const perRound = Number(process.argv[3] ?? 20_000);

// Rows as the list's repository gives them (every field a reseller's page shows), 25 to a page.
const started = Date.UTC(2025, 0, 1);
const rows = Array.from({ length: 25 }, (_, i) => ({
  id: 1_000_000 - i * 1000,
  mac: `02:00:00:0F:${String(10 + (i % 89)).padStart(2, '0')}:${String(10 + i).padStart(2, '0')}`,
  name: `Customer ${i}`,
  phone: `+1666555${String(i).padStart(4, '0')}`,
  app_name: i % 3 === 0 ? null : 'IPTV Smarters',
  created_at: new Date(started + i * 86_400_000),
  is_paid: i % 2 === 0,
  paid_at: i % 2 === 0 ? new Date(started + i * 90_000_000) : null,
  payment_type: (['free', 'year', 'lifetime'] as const)[i % 3]!,
  is_banned: i % 17 === 0,
  expires_at: i % 3 === 1 ? new Date(started + 400 * 86_400_000) : null,
  owner_id: 3,
}));
const answer = {
  success: true as const,
  data: rows.map((row) => toPanelDevice(row)),
  pagination: pagination(1, 25, 1000, 25),
};

const route = {
  schema: deviceListResponseSchema,
  method: 'GET',
  url: '/api/v1/device/reseller/:userId',
  httpStatus: '200',
};
const serializers = {
  'zod encode (fastify-type-provider-zod)': serializerCompiler(route),
  'forward parse (ours)': responseSerializerCompiler(route),
};
const outputs = Object.values(serializers).map((serialize) => serialize(answer));
if (new Set(outputs).size !== 1) throw new Error('the two serializers wrote different JSON');

const results = new Map<string, number[]>();
for (let round = 0; round < rounds; round += 1) {
  for (const [name, serialize] of Object.entries(serializers)) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < perRound; i += 1) serialize(answer);
    const us = Number(process.hrtime.bigint() - start) / 1000 / perRound;
    results.set(name, [...(results.get(name) ?? []), us]);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [name, values] of results) {
  console.log(
    `${name}: median ${median(values).toFixed(1)} µs per answer (rounds: ${values.map((v) => v.toFixed(1)).join(', ')})`,
  );
}
