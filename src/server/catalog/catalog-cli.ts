import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { STORE_MIGRATIONS } from '../areas/areas';
import { openStore } from '../db/database';
import { readEnv } from '../env';
import { importCatalogFile } from './catalog-files';
import { catalogSchema } from './catalog-schema';

// npm run catalog:import -- FILE.json   validates the whole file, then imports it (or writes nothing)
// npm run catalog:schema                writes catalog/catalog.schema.json from the zod schema

async function main(argv: string[]): Promise<number> {
  const [command, file] = argv;
  if (command === 'schema') {
    const target = file ?? 'catalog/catalog.schema.json';
    writeFileSync(target, `${JSON.stringify(z.toJSONSchema(catalogSchema, { io: 'input' }), null, 2)}\n`);
    console.log(`wrote ${target}`);
    return 0;
  }
  if (command !== 'import' || !file) {
    console.error('usage: catalog import FILE.json | catalog schema [OUT.json]');
    return 2;
  }
  const env = readEnv();
  const store = openStore(env.DATABASE_URL);
  try {
    await store.migrate(STORE_MIGRATIONS);
    const result = await importCatalogFile(store.db, file, Date.now());
    if (!result.ok) {
      console.error(`${file}: ${result.problems.length} problem(s); nothing was imported`);
      for (const problem of result.problems) console.error(`  ${problem.path}: ${problem.message}`);
      return 1;
    }
    const { created, updated, unchanged } = result.summary;
    console.log(`${file}: ${created} created, ${updated} updated, ${unchanged} unchanged`);
    return 0;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
