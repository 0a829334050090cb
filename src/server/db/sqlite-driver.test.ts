import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Generated, Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { preparedQuery } from './prepared-query';
import { SqliteStoreDialect } from './sqlite-driver';

// The driver builds rows from raw values; they must be the objects better-sqlite3 gives.
describe('SQLite store driver rows', () => {
  let dir: string;
  let raw: SqliteDatabase.Database;
  let db: Kysely<Record<string, never>>;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pdp-driver-'));
    raw = new SqliteDatabase(join(dir, 'store.sqlite'));
    db = new Kysely({ dialect: new SqliteStoreDialect(raw) });
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const rowsOf = async (text: string) => (await sql.raw(text).execute(db)).rows;

  test('rows have the keys, order and values better-sqlite3 gives, a later duplicate name winning', async () => {
    await rowsOf('create table t (id integer primary key, name text, price integer, note text)');
    await rowsOf("insert into t (name, price, note) values ('a', 5, null), ('b', 7, 'x')");
    for (const text of [
      'select * from t order by id',
      'select id, name as n, price * 2 as double, note from t order by id',
      'select 1 as a, 2 as a',
      'select * from t where id = -1',
    ]) {
      const rows = await rowsOf(text);
      const expected = raw.prepare(text).all();
      expect(rows).toEqual(expected);
      expect(rows.map((row) => Object.keys(row as object))).toEqual(
        expected.map((row) => Object.keys(row as object)),
      );
    }
  });

  test('a column named __proto__ is an own property, not the prototype', async () => {
    const [row] = (await rowsOf('select 1 as "__proto__"')) as object[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(1);
  });

  test('after a schema change a select * returns the new columns', async () => {
    await rowsOf('create table t (id integer primary key)');
    await rowsOf('insert into t (id) values (1)');
    expect(await rowsOf('select * from t')).toEqual([{ id: 1 }]);
    await rowsOf("alter table t add column name text not null default 'n'");
    expect(await rowsOf('select * from t')).toEqual([{ id: 1, name: 'n' }]);
  });

  test('transactions and plain queries share released connections without mixing their state', async () => {
    await rowsOf('create table t (id integer primary key, n integer)');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? db.transaction().execute(async (trx) => {
              await sql`insert into t (n) values (${i})`.execute(trx);
            })
          : sql`select count(*) as c from t`.execute(db),
      ),
    );
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into t (n) values (${99})`.execute(trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rowsOf('select count(*) as c from t')).toEqual([{ c: 10 }]);
  });
});

// Prepared reads outside a transaction run at once on SQLite (readNow); they must keep the
// driver's rules: wait for a transaction in progress, and inside a transaction read its own writes.
describe('prepared reads on the SQLite store driver', () => {
  type Db = { t: { id: Generated<number>; n: number } };
  let dir: string;
  let db: Kysely<Db>;
  const count = preparedQuery((kysely: Kysely<Db>, p: { min: number }) =>
    kysely
      .selectFrom('t')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .where('n', '>=', p.min),
  );
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pdp-driver-'));
    db = new Kysely<Db>({ dialect: new SqliteStoreDialect(new SqliteDatabase(join(dir, 'store.sqlite'))) });
    await sql`create table t (id integer primary key, n integer)`.execute(db);
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a prepared read answers what Kysely answers, and sees a committed write', async () => {
    await sql`insert into t (n) values (1), (2), (3)`.execute(db);
    expect((await count(db, { min: 2 })).rows).toEqual([{ c: 2 }]);
    expect((await count(db, { min: 2 })).rows).toEqual(
      await db
        .selectFrom('t')
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .where('n', '>=', 2)
        .execute(),
    );
    await db.insertInto('t').values({ n: 5 }).execute();
    expect((await count(db, { min: 2 })).rows).toEqual([{ c: 3 }]);
  });

  test('a prepared read waits for a transaction in progress; inside one it reads its own writes', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inside: unknown;
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into t (n) values (7), (8)`.execute(trx);
      inside = (await count(trx, { min: 0 })).rows;
      await held;
    });
    await new Promise((resolve) => setImmediate(resolve));
    const outside = count(db, { min: 0 });
    let answered = false;
    void outside.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(inside).toEqual([{ c: 2 }]);
    expect(answered).toBe(false);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ c: 2 }]);
  });

  test('now: the rows at once outside a transaction, and nothing while a transaction holds the writer or inside one', async () => {
    await sql`insert into t (n) values (1), (2)`.execute(db);
    expect(count.now(db, { min: 0 })?.rows).toEqual([{ c: 2 }]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inside: unknown = 'not asked';
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into t (n) values (7)`.execute(trx);
      inside = count.now(trx, { min: 0 });
      await held;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(inside).toBeUndefined();
    expect(count.now(db, { min: 0 })).toBeUndefined();
    release();
    await transaction;
    expect(count.now(db, { min: 0 })?.rows).toEqual([{ c: 3 }]);
  });
});
