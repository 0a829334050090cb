import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const run = promisify(execFile);

// Modules planted for one run of the import checker (`npm run lint:imports`), each breaking or keeping
// one rule of .dependency-cruiser.mjs. They are removed whatever the run does.
const planted = {
  sharedImportsServer: {
    path: 'src/shared/planted-upward-import.ts',
    source:
      "import { timeOrderedHex } from '../server/db/row-ids';\n\nexport const plantedId = timeOrderedHex(8);\n",
  },
  sharedImportsServerType: {
    path: 'src/shared/planted-upward-type-import.ts',
    source: "import type { Env } from '../server/env';\n\nexport type PlantedEnv = Env;\n",
  },
  featureImportsFeature: {
    path: 'src/web/features/bundles/planted-feature-import.ts',
    source: "export { SmartHomeBadge } from '../smart-home/smart-home-badge';\n",
  },
  serviceRunsQuery: {
    path: 'src/server/services/planted-query.ts',
    source: "import { sql } from 'kysely';\n\nexport const plantedQuery = sql`select 1`;\n",
  },
  servicePassesTransaction: {
    path: 'src/server/services/planted-transaction.ts',
    source:
      "import type { Transaction } from 'kysely';\n\nexport type PlantedTransaction = Transaction<unknown>;\n",
  },
};

async function checkImports(files: string[]): Promise<{ failed: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/check-dependencies.mjs', ...files]);
    return { failed: false, output: stdout + stderr };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { failed: true, output: stdout + stderr };
  }
}

test('the import checker fails on an upward import, a feature importing a feature and a query outside src/server/db', async () => {
  const modules = Object.values(planted);
  try {
    for (const module of modules) await writeFile(module.path, module.source, { flag: 'wx' });
    const { failed, output } = await checkImports(modules.map((module) => module.path));

    expect(failed).toBe(true);
    expect(output).toContain(
      `error shared-imports-no-layer: ${planted.sharedImportsServer.path} → src/server/db/row-ids.ts`,
    );
    expect(output).toContain(
      `error shared-imports-no-layer: ${planted.sharedImportsServerType.path} → src/server/env.ts`,
    );
    expect(output).toContain(
      `error features-never-import-features: ${planted.featureImportsFeature.path} → src/web/features/smart-home/smart-home-badge.tsx`,
    );
    expect(output).toMatch(
      new RegExp(`error only-db-runs-queries: ${planted.serviceRunsQuery.path} → node_modules/kysely/`),
    );
    expect(output).not.toContain(planted.servicePassesTransaction.path);
    expect(output).toContain('An import breaks the layering rules');
  } finally {
    await Promise.all(modules.map((module) => rm(module.path, { force: true })));
  }
}, 120_000);
