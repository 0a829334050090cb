import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { catalogSchema } from '../../src/server/catalog/catalog-schema';
import { importCatalog, validateCatalog } from '../../src/server/catalog/import-catalog';
import type { Database } from '../../src/server/db/schema';

/** A catalog file's content as the factories write it (defaults not yet applied). */
export type CatalogInput = z.input<typeof catalogSchema>;

/**
 * Validates and imports a catalog through the importer, as `npm run catalog:import` would (all or
 * nothing). On SQLite a test process writes beside the server's process: an import that meets the
 * other writer gets SQLITE_BUSY at once (WAL) and starts again.
 */
export async function importCatalogInput(db: Kysely<Database>, input: CatalogInput, now = Date.now()) {
  const validation = validateCatalog(input);
  if (!validation.ok) {
    throw new Error(`factory built an invalid catalog: ${JSON.stringify(validation.problems)}`);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await importCatalog(db, validation.catalog, now);
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 20 || typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}
