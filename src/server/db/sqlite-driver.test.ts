import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { SqliteStoreDialect } from './sqlite-driver';

// The driver builds rows from raw values (issue 11); they must be the objects better-sqlite3 gives.
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
