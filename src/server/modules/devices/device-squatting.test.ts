import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import {
  call,
  createTestApp,
  insertUser,
  registerDevice,
  signIn,
  signInDevice,
  type TestApp,
  uniqueMac,
  insertReseller,
} from '../../test/test-app';

/**
 * Issue 12, decision 0011: someone registers a MAC before its real TV does. The TV gets 409 and never
 * the key; the way out is a new key given by someone who may already see it (an admin, or the reseller
 * who owns the device), which kills the squatter's key and device-page sessions at once, or an admin
 * deleting the squat so the TV registers afresh. A re-registration never resets a key.
 */

let t: TestApp;
let adminCookie: string;
let owner: UserRow;
let ownerCookie: string;
let otherResellerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await insertUser(t.database, { role: 'admin' });
  adminCookie = await signIn(t.app, admin.email);
  owner = await insertReseller(t.database);
  ownerCookie = await signIn(t.app, owner.email);
  const other = await insertReseller(t.database);
  otherResellerCookie = await signIn(t.app, other.email);
});
afterAll(() => t.close());

const register = (mac: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/device/register', payload: { mac, app_name: 'Real TV' } });
const tvSignIn = (mac: string, key: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/device', query: { mac, cle_mac: key } });
const resetKey = (id: number, cookie?: string) =>
  call(t.app, { method: 'PUT', url: `/api/v1/device/resetKey/${id}`, cookie });
const deviceId = async (mac: string) =>
  (await t.database.db.selectFrom('devices').select('id').where('mac', '=', mac).executeTakeFirstOrThrow())
    .id;

/** A MAC taken by a squatter, who also holds a device-page session. */
async function squat() {
  const squatter = await registerDevice(t.app);
  const session = await signInDevice(t.app, squatter.mac, squatter.key);
  return { ...squatter, session, id: await deviceId(squatter.mac) };
}

describe('a MAC registered before its real TV', () => {
  it('answers the real TV 409 and never the key; registering again resets nothing', async () => {
    const squatted = await squat();
    const real = await register(squatted.mac);
    expect(real.statusCode).toBe(409);
    expect(real.body).not.toContain(squatted.key);
    expect((await tvSignIn(squatted.mac, squatted.key)).statusCode).toBe(200);
  });

  it("an admin's reset gives a new key: the squatter's key and device-page session stop at once", async () => {
    const squatted = await squat();
    const reset = await resetKey(squatted.id, adminCookie);
    expect(reset.statusCode).toBe(200);
    const newKey: string = reset.json().data.cle_mac;
    expect(newKey).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    expect(newKey).not.toBe(squatted.key);

    expect((await tvSignIn(squatted.mac, squatted.key)).statusCode).toBe(401);
    const oldSession = await call(t.app, {
      method: 'GET',
      url: '/api/v1/device/session',
      cookie: squatted.session,
    });
    expect(oldSession.statusCode).toBe(401);
    expect((await tvSignIn(squatted.mac, newKey)).statusCode).toBe(200);
  });

  it('the reseller who owns the device may reset its key; another reseller gets 404 and nothing changes', async () => {
    const squatted = await squat();
    await t.database.db
      .updateTable('devices')
      .set({ owner_id: owner.id })
      .where('id', '=', squatted.id)
      .execute();

    const refused = await resetKey(squatted.id, otherResellerCookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(squatted.key);
    expect((await tvSignIn(squatted.mac, squatted.key)).statusCode).toBe(200);

    const reset = await resetKey(squatted.id, ownerCookie);
    expect(reset.statusCode).toBe(200);
    expect((await tvSignIn(squatted.mac, squatted.key)).statusCode).toBe(401);
    expect((await tvSignIn(squatted.mac, reset.json().data.cle_mac)).statusCode).toBe(200);
  });

  it('a reseller cannot reset the key of a device it does not own (unowned included), nor can a stranger', async () => {
    const squatted = await squat();
    expect((await resetKey(squatted.id, ownerCookie)).statusCode).toBe(404);
    expect((await resetKey(squatted.id)).statusCode).toBe(401);
    expect((await resetKey(999_999_999, adminCookie)).statusCode).toBe(404);
    expect((await tvSignIn(squatted.mac, squatted.key)).statusCode).toBe(200);
  });

  it('an admin deletes a squat and the real TV registers afresh, with a key only it knows', async () => {
    const squatted = await squat();
    const removed = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/device/${squatted.id}`,
      cookie: adminCookie,
    });
    expect(removed.statusCode).toBe(200);
    const real = await register(squatted.mac);
    expect(real.statusCode).toBe(201);
    expect(real.json().cle_mac).not.toBe(squatted.key);
    expect((await tvSignIn(squatted.mac, squatted.key)).statusCode).toBe(401);
  });

  it('registering a new MAC still works as before', async () => {
    expect((await register(uniqueMac())).statusCode).toBe(201);
  });
});
