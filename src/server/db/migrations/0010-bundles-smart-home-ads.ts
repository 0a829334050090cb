import { type Kysely, sql } from 'kysely';

// Frozen in time: imports nothing from the app. Three deferred areas of the product page:
// - bundles: a bundle is components (an offer each, with a quantity) sold together at one price, offered
//   on landing pages; a bundle in a cart is a saving of its own, tied to the component lines it was
//   added with (it goes when any of them goes: the links cascade and the saving no longer applies);
// - the smart-home badge: the devices a product page offers to add together;
// - sponsored products: the ad inventory (advertiser, bid, where it shows) and the view and click
//   events, each stored once under its idempotency key.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bundles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('marketplace_id', 'text', (c) => c.notNull().references('marketplaces.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('bundles_price_positive', sql`price_minor > 0`)
    .execute();

  await db.schema
    .createTable('bundle_components')
    .addColumn('bundle_id', 'text', (c) => c.notNull().references('bundles.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('asin', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bundle_components_pk', ['bundle_id', 'position'])
    .addCheckConstraint('bundle_components_quantity_positive', sql`quantity > 0`)
    .execute();

  // The product pages a bundle is offered on, and the accessories its post-add panel suggests.
  await db.schema
    .createTable('bundle_landings')
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addColumn('bundle_id', 'text', (c) => c.notNull().references('bundles.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bundle_landings_pk', ['asin', 'bundle_id'])
    .execute();
  await db.schema
    .createTable('bundle_upsells')
    .addColumn('bundle_id', 'text', (c) => c.notNull().references('bundles.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addPrimaryKeyConstraint('bundle_upsells_pk', ['bundle_id', 'position'])
    .execute();

  // One saving per bundle and cart: the unique key refuses a second add of the same bundle, even
  // when two requests race.
  await db.schema
    .createTable('cart_bundle_savings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('bundle_id', 'text', (c) => c.notNull().references('bundles.id').onDelete('cascade'))
    .addColumn('component_count', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('cart_bundle_savings_unique', ['cart_id', 'bundle_id'])
    .execute();
  await db.schema
    .createTable('cart_bundle_saving_lines')
    .addColumn('saving_id', 'text', (c) =>
      c.notNull().references('cart_bundle_savings.id').onDelete('cascade'),
    )
    .addColumn('cart_item_id', 'text', (c) => c.notNull().references('cart_items.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_bundle_saving_lines_pk', ['saving_id', 'cart_item_id'])
    .execute();
  await db.schema
    .createIndex('cart_bundle_saving_lines_item_idx')
    .on('cart_bundle_saving_lines')
    .column('cart_item_id')
    .execute();

  await db.schema
    .createTable('smart_home_devices')
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('device_asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addPrimaryKeyConstraint('smart_home_devices_pk', ['asin', 'position'])
    .execute();

  await db.schema
    .createTable('sponsored_ads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('marketplace_id', 'text', (c) => c.notNull().references('marketplaces.id'))
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id').onDelete('cascade'))
    .addColumn('advertiser', 'text', (c) => c.notNull())
    .addColumn('bid_minor', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('sponsored_ads_bid_positive', sql`bid_minor > 0`)
    .execute();
  // Where an ad shows: on these product pages; an ad without targets shows on every product page.
  await db.schema
    .createTable('sponsored_ad_targets')
    .addColumn('ad_id', 'text', (c) => c.notNull().references('sponsored_ads.id').onDelete('cascade'))
    .addColumn('asin', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sponsored_ad_targets_pk', ['ad_id', 'asin'])
    .execute();
  await db.schema
    .createIndex('sponsored_ad_targets_asin_idx')
    .on('sponsored_ad_targets')
    .column('asin')
    .execute();

  // A view or click, stored once under its key (event type, page view, ad): a replayed batch adds nothing.
  await db.schema
    .createTable('sponsored_ad_events')
    .addColumn('event_key', 'text', (c) => c.primaryKey())
    .addColumn('ad_id', 'text', (c) => c.notNull().references('sponsored_ads.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('page_view_id', 'text', (c) => c.notNull())
    .addColumn('widget_name', 'text', (c) => c.notNull())
    .addColumn('ad_index', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sponsored_ad_events_ad_idx')
    .on('sponsored_ad_events')
    .columns(['ad_id', 'event_type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'sponsored_ad_events',
    'sponsored_ad_targets',
    'sponsored_ads',
    'smart_home_devices',
    'cart_bundle_saving_lines',
    'cart_bundle_savings',
    'bundle_upsells',
    'bundle_landings',
    'bundle_components',
    'bundles',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
