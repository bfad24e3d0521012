import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp, insertReseller } from '../test/test-app';
import { prepareQuery } from './prepared';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('prepareQuery', () => {
  it('answers what the built query answers, with the values of each call, types converted', async () => {
    const a = await insertReseller(t.database, { credits: 3 });
    const b = await insertUser(t.database, { role: 'admin' });
    const { db } = t.database;
    const byEmail = prepareQuery(db, 2, (email: string, role: 'admin' | 'reseller' | 'sub_reseller') =>
      db.selectFrom('users').selectAll().where('email', '=', email).where('role', '=', role).limit(5),
    );
    for (const user of [a, b]) {
      const expected = await db.selectFrom('users').selectAll().where('email', '=', user.email).execute();
      expect(await byEmail(user.email, user.role)).toEqual(expected);
    }
    expect(await byEmail(a.email, 'admin')).toEqual([]);
    const [row] = await byEmail(a.email, 'reseller');
    expect(row?.created_at).toBeInstanceOf(Date);
    expect(typeof row?.is_banned).toBe('boolean');
  });

  it('the same query prepared again (a repository made per request) answers alongside the first', async () => {
    // On PostgreSQL both run as one named statement per pooled connection: the name comes from the
    // SQL, so a second preparation neither collides with the first nor adds a statement.
    const user = await insertReseller(t.database, { credits: 5 });
    const { db } = t.database;
    const creditsOf = () =>
      prepareQuery(db, 1, (id: number) => db.selectFrom('users').select('credits').where('id', '=', id));
    const [first, second] = [creditsOf(), creditsOf()];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? first : second)(user.id)),
    );
    expect(answers).toEqual(Array.from({ length: 30 }, () => [{ credits: 5 }]));
  });

  it('runs inside a transaction with on()', async () => {
    const user = await insertReseller(t.database, { credits: 1 });
    const { db } = t.database;
    const setCredits = prepareQuery(db, 2, (id: number, credits: number) =>
      db.updateTable('users').set({ credits }).where('id', '=', id).returning('credits'),
    );
    await db.transaction().execute(async (trx) => {
      expect(await setCredits.on(trx)(user.id, 7)).toEqual([{ credits: 7 }]);
    });
    const saved = await db.selectFrom('users').select('credits').where('id', '=', user.id).executeTakeFirst();
    expect(saved?.credits).toBe(7);
  });

  it("never reads another request's uncommitted rows (SQLite shares one connection)", async () => {
    const user = await insertReseller(t.database, { credits: 4 });
    const { db } = t.database;
    const creditsOf = prepareQuery(db, 1, (id: number) =>
      db.selectFrom('users').select('credits').where('id', '=', id),
    );
    let readDuringTransaction: Promise<{ credits: number }[]> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ credits: 99 }).where('id', '=', user.id).execute();
        readDuringTransaction = creditsOf(user.id);
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readDuringTransaction).toEqual([{ credits: 4 }]);
    expect(await creditsOf(user.id)).toEqual([{ credits: 4 }]);
  });

  it('refuses a query whose SQL would depend on the values', () => {
    const { db } = t.database;
    expect(() =>
      prepareQuery(db, 1, (_unused: string) => db.selectFrom('users').select('id').where('id', '=', 1)),
    ).toThrow(/argument 0/);
  });
});
