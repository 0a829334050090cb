import type { Kysely } from 'kysely';

// Accessory upsells a product offers (ACC-003): the catalog's accessories block, stored as JSON.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('accessories', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('accessories').execute();
}
