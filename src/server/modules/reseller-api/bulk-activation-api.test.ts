import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyScope } from '../../../shared/api/api-key';
import {
  createTestApp,
  insertDevices,
  insertReseller,
  resellerWithKey as keyOf,
  uniqueMac,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const resellerWithKey = (credits: number, scopes: ApiKeyScope[] = ['devices:activate']) =>
  keyOf(t, { credits }, scopes);

function bulk(secret: string | undefined, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reseller/v1/activations/bulk',
    headers: { ...headers, ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
    payload,
  });
}

describe('POST /api/reseller/v1/activations/bulk', () => {
  it('answers 401 without a key or with an unknown one', async () => {
    const payload = { plan: 'year', rows: [{ mac: uniqueMac() }] };
    for (const secret of [undefined, 'sbk_unknown']) {
      const response = await bulk(secret, payload);
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('answers 403 missing_scope to a key without devices:activate', async () => {
    const { secret } = await resellerWithKey(5, ['devices:read']);
    const response = await bulk(secret, { plan: 'year', rows: [{ mac: uniqueMac() }] });
    expect(response.json()).toMatchObject({ status: 403, code: 'missing_scope' });
  });

  it('answers 400 problem details naming the field for a malformed batch', async () => {
    const { secret } = await resellerWithKey(5);
    for (const [payload, field] of [
      [{ rows: [] }, 'rows'],
      [{ plan: 'free', rows: [{ mac: uniqueMac() }] }, 'plan'],
      [{ rows: [{ mac: 7 }] }, 'rows.0.mac'],
    ] as const) {
      const response = await bulk(secret, payload);
      expect({ status: response.statusCode, field: response.json().field }).toEqual({ status: 400, field });
    }
  });

  it("activates per row: MACs in any spelling, another reseller's device refused as not yours", async () => {
    const { user, secret } = await resellerWithKey(5);
    const other = await insertReseller(t.database);
    const [a, b] = await insertDevices(t.database, 2);
    const [theirs] = await insertDevices(t.database, 1, { ownerId: other.id });
    const response = await bulk(secret, {
      plan: 'year',
      rows: [
        { mac: (a as string).replace(/:/g, '').toLowerCase(), client_name: 'Ada' },
        { mac: (b as string).replace(/:/g, '-'), plan: 'lifetime' },
        { mac: theirs as string },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        rows: [
          { row: 1, mac: a, plan: 'year', status: 'activated', credits: 1 },
          { row: 2, mac: b, plan: 'lifetime', status: 'activated', credits: 2 },
          { row: 3, mac: theirs, plan: 'year', status: 'failed', code: 'not_yours', credits: 0 },
        ],
        summary: { rows: 3, succeeded: 2, failed: 1, credits: 3, balance: 2 },
      },
    });
    const owners = await t.database.db
      .selectFrom('devices')
      .select(['mac', 'owner_id'])
      .where('mac', 'in', [a as string, theirs as string])
      .orderBy('id')
      .execute();
    expect(owners).toEqual([
      { mac: a, owner_id: user.id },
      { mac: theirs, owner_id: other.id },
    ]);
  });

  it('honours Idempotency-Key: the same call is answered again, another call with it is 422', async () => {
    const { secret } = await resellerWithKey(5);
    const [mac] = await insertDevices(t.database, 1);
    const headers = { 'idempotency-key': `api-bulk-${uniqueMac()}` };
    const payload = { plan: 'year', rows: [{ mac: mac as string }] };
    const first = await bulk(secret, payload, headers);
    const replay = await bulk(secret, payload, headers);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(first.json().data.summary.balance).toBe(4);
    const reused = await bulk(secret, { ...payload, plan: 'lifetime' }, headers);
    expect(reused.json()).toMatchObject({ status: 422, code: 'idempotency_key_reused' });
  });
});
