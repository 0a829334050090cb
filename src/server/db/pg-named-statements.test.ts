import pg from 'pg';
import { expect, test } from 'vitest';
import { postgresUrl } from '../../../tests/helpers/test-store';
import { registerHotStatement, withNamedStatements } from './pg-named-statements';

// What the store's pool sends to PostgreSQL: a registered text by name, anything else as before.
test.skipIf(!postgresUrl)(
  'a registered statement goes by name and is parsed once per connection; others stay unnamed',
  async () => {
    const sent: unknown[] = [];
    const original = pg.Client.prototype.query;
    const pool = withNamedStatements(new pg.Pool({ connectionString: postgresUrl ?? '', max: 1 }));
    const hot = 'select $1::integer + 1 as answer';
    registerHotStatement(hot);
    // What reaches node-postgres' own query, under the store's wrapper.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      sent.push(args[0]);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      const client = await pool.connect();
      expect((await client.query(hot, [1])).rows).toEqual([{ answer: 2 }]);
      expect((await client.query(hot, [41])).rows).toEqual([{ answer: 42 }]);
      expect((await client.query('select $1::integer as same', [7])).rows).toEqual([{ same: 7 }]);
      const prepared = await client.query('select name from pg_prepared_statements', []);
      client.release();
      const name = (sent[0] as { name?: string }).name;
      expect(name).toMatch(/^store_\d+$/);
      expect(sent[0]).toMatchObject({ text: hot, values: [1] });
      expect(sent[1]).toMatchObject({ name, values: [41] });
      expect(sent[2]).toBe('select $1::integer as same');
      expect(prepared.rows).toEqual([{ name }]);
    } finally {
      pg.Client.prototype.query = original;
      await pool.end();
    }
  },
);
