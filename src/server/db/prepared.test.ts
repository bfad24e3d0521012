import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp, insertReseller } from '../test/test-app';
import { compiledPerShape, prepareQuery } from './prepared';

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

describe('compiledPerShape', () => {
  type Ways = { byRole: boolean };
  type Values = { email?: unknown; role?: unknown; limit?: unknown };
  const counted = () => {
    let builds = 0;
    const statement = compiledPerShape((db, ways: Ways, values: Values) => {
      builds += 1;
      return db
        .selectFrom('users')
        .select(['email', 'role'])
        .$if(values.email !== undefined, (qb) => qb.where('email', '=', values.email as string))
        .$if(ways.byRole, (qb) => qb.where('role', '=', values.role as 'admin'))
        .orderBy('id')
        .limit(values.limit as number);
    });
    return { statement, builds: () => builds };
  };

  it('builds each shape once and gives every call its own values', async () => {
    const a = await insertReseller(t.database, { credits: 1 });
    const b = await insertUser(t.database, { role: 'admin' });
    const { db } = t.database;
    const { statement, builds } = counted();
    const run = (ways: Ways, values: Values) => db.executeQuery(statement(db, ways, values).compile());

    for (const user of [a, b, a]) {
      const { rows } = await run({ byRole: false }, { email: user.email, limit: 5 });
      expect(rows).toEqual([{ email: user.email, role: user.role }]);
    }
    expect(builds()).toBe(1);

    // Another way, or a value left out, is another shape: built once each, then reused.
    expect((await run({ byRole: true }, { email: a.email, role: 'admin', limit: 5 })).rows).toEqual([]);
    expect((await run({ byRole: true }, { email: b.email, role: 'admin', limit: 5 })).rows).toHaveLength(1);
    const everyone = await run({ byRole: false }, { limit: 1000 });
    expect(everyone.rows.map((row) => row.email)).toEqual(expect.arrayContaining([a.email, b.email]));
    expect((await run({ byRole: false }, { limit: 1 })).rows).toHaveLength(1);
    expect(builds()).toBe(3);
  });

  it('refuses a shape whose SQL leaves out a value it was given', () => {
    const { db } = t.database;
    const { statement } = counted();
    expect(() => statement(db, { byRole: false }, { role: 'admin', limit: 1 })).toThrow(
      /role not a parameter/,
    );
  });
});
