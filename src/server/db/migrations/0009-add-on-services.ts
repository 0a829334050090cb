import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Add-on services (VAS): the services a product offers
// and how its widget behaves, the service products with their offers by postal code and merchant, the
// digital-dash buttons shoppers create, and the order line a service was bought with.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_add_on_widgets')
    .addColumn('asin', 'text', (c) => c.primaryKey().references('products.asin').onDelete('cascade'))
    .addColumn('widget_name', 'text', (c) => c.notNull())
    .addColumn('interstitial', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('do_redirect', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_sts_service_interstitial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_siatc', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attach_to_ldbb', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('multi_quantity_purchase_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('capabilities_image_src', 'text')
    .addColumn('capabilities_image_alt', 'text')
    .addColumn('digital_dash', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('digital_dash_path', 'text')
    .execute();

  await db.schema
    .createTable('product_add_on_services')
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('service_asin', 'text', (c) => c.notNull())
    .addColumn('upgrade_asin', 'text')
    .addColumn('is_upsell_critical', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_precheck_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('top_choice', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_add_on_services_pk', ['asin', 'service_asin'])
    .execute();
  await db.schema
    .createIndex('product_add_on_services_service_idx')
    .on('product_add_on_services')
    .column('service_asin')
    .execute();
  await db.schema
    .createIndex('product_add_on_services_upgrade_idx')
    .on('product_add_on_services')
    .column('upgrade_asin')
    .execute();

  await db.schema
    .createTable('service_products')
    .addColumn('asin', 'text', (c) => c.primaryKey().references('products.asin').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('service_offers')
    .addColumn('offer_id', 'text', (c) => c.primaryKey().references('offers.id').onDelete('cascade'))
    .addColumn('service_asin', 'text', (c) =>
      c.notNull().references('service_products.asin').onDelete('cascade'),
    )
    .addColumn('fulfillment_type', 'text', (c) => c.notNull())
    .addColumn('is_cbm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('address_line1', 'text')
    .addColumn('address_city', 'text')
    .addColumn('address_state', 'text')
    .addColumn('address_postal_code', 'text')
    .addColumn('positive_rating_percent', 'integer')
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('service_offers_service_idx')
    .on('service_offers')
    .column('service_asin')
    .execute();

  // '' serves every postal code; otherwise a code is served when it starts with the prefix.
  await db.schema
    .createTable('service_offer_postal_codes')
    .addColumn('offer_id', 'text', (c) =>
      c.notNull().references('service_offers.offer_id').onDelete('cascade'),
    )
    .addColumn('postal_prefix', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('service_offer_postal_codes_pk', ['offer_id', 'postal_prefix'])
    .execute();
  await db.schema
    .createIndex('service_offer_postal_codes_prefix_idx')
    .on('service_offer_postal_codes')
    .column('postal_prefix')
    .execute();

  await db.schema
    .createTable('digital_dash_buttons')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('digital_dash_buttons_pk', ['customer_id', 'asin'])
    .execute();

  // The order line a service (or an accessory) was bought with, so the order shows it under its device.
  await db.schema.alterTable('order_items').addColumn('parent_item_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('parent_item_id').execute();
  await db.schema.dropTable('digital_dash_buttons').execute();
  await db.schema.dropTable('service_offer_postal_codes').execute();
  await db.schema.dropTable('service_offers').execute();
  await db.schema.dropTable('service_products').execute();
  await db.schema.dropTable('product_add_on_services').execute();
  await db.schema.dropTable('product_add_on_widgets').execute();
}
