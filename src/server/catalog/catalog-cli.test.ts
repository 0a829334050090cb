import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { catalogSchema } from './catalog-schema';

const cli = (args: string[], env: Record<string, string>) =>
  spawnSync('node', ['--import', 'tsx', 'src/server/catalog/catalog-cli.ts', ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });

describe('npm run catalog:import', () => {
  test('a bad file is reported with every problem and JSON path, and nothing is written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdp-cli-'));
    const demo = JSON.parse(readFileSync('catalog/demo/catalog.json', 'utf8'));
    demo.products[0].offers[0].price = 'free';
    demo.products[2].asin = 'nope';
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(demo));
    const env = { DATABASE_URL: `sqlite:${join(dir, 'store.sqlite')}` };
    const bad = cli(['import', join(dir, 'bad.json')], env);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('nothing was imported');
    expect(bad.stderr).toContain('$.products[0].offers[0].price');
    expect(bad.stderr).toContain('$.products[2].asin');
    const count = execFileSync(
      'node',
      [
        '-e',
        `const D=require('better-sqlite3');console.log(new D(${JSON.stringify(join(dir, 'store.sqlite'))}).prepare('select count(*) n from products').get().n)`,
      ],
      { encoding: 'utf8' },
    );
    expect(count.trim()).toBe('0');

    const good = cli(['import', 'catalog/demo/catalog.json'], env);
    expect(good.status).toBe(0);
    expect(good.stdout).toMatch(/\d+ created, 0 updated, 0 unchanged/);
    const again = cli(['import', 'catalog/demo/catalog.json'], env);
    expect(again.stdout).toMatch(/0 created, 0 updated, \d+ unchanged/);
  }, 60_000);

  test('the committed JSON Schema matches the zod schema (npm run catalog:schema)', () => {
    const committed = JSON.parse(readFileSync('catalog/catalog.schema.json', 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(z.toJSONSchema(catalogSchema, { io: 'input' }))));
  });
});
