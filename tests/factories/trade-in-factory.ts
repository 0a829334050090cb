import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import {
  TRADE_IN_CONDITIONS,
  type TradeInCondition,
  type TradeInProductGroup,
} from '../../src/shared/trade-in-constants';
import { type CatalogInput, importCatalogInput } from './catalog-import';
import { buildProduct, type CreatedProduct, createProduct, type FactoryOptions } from './product-factory';

export type RecycleAndSaveOverrides = {
  productGroup?: TradeInProductGroup;
  percentOff?: number;
  description?: string;
  price?: number;
};

/**
 * A smart speaker carrying a recycle-and-save promotion (RS-001): 25% off one unit unless asked,
 * sold new at $49.99 unless asked.
 */
export async function createRecycleAndSaveProduct(
  db: Kysely<Database>,
  overrides: RecycleAndSaveOverrides = {},
  options: FactoryOptions = {},
): Promise<CreatedProduct> {
  const percentOff = overrides.percentOff ?? 25;
  const productGroup = overrides.productGroup ?? 'gl_digital_products_3';
  return createProduct(
    db,
    {
      productGroup,
      features: {
        recycleAndSave: {
          productGroup,
          percentOff,
          description: overrides.description ?? `${percentOff}% off when you recycle an old speaker`,
        },
      },
      ...(overrides.price === undefined ? {} : { offers: [{ price: overrides.price }] }),
    },
    options,
  );
}

/** The questionnaire the trade-in tests use for every group (the worst answer wins). */
const TEST_QUESTIONNAIRE = {
  appraisalOptional: true,
  questions: [
    {
      id: 'sealed',
      text: 'Is it new in its sealed box?',
      answers: [
        { id: 'yes', label: 'Yes, sealed', condition: 'New' },
        { id: 'no', label: 'No', condition: 'LikeNew' },
      ],
    },
    {
      id: 'power',
      text: 'Does it power on?',
      answers: [
        { id: 'yes', label: 'Yes', condition: 'N/A' },
        { id: 'no', label: 'No', condition: 'NonFunctional' },
      ],
    },
    {
      id: 'cosmetic',
      text: 'How does it look?',
      answers: [
        { id: 'none', label: 'No marks', condition: 'N/A' },
        { id: 'worn', label: 'Heavy wear', condition: 'Good' },
        { id: 'cracked', label: 'Cracked', condition: 'Damaged' },
      ],
    },
    {
      id: 'battery',
      text: 'Is the battery swollen?',
      answers: [
        { id: 'no', label: 'No', condition: 'Neutral' },
        { id: 'yes', label: 'Yes', condition: 'Ruined', refuse: true },
      ],
    },
  ],
} as const;

/** Answers of TEST_QUESTIONNAIRE giving LikeNew, Good or Damaged. */
export const ANSWERS = {
  LikeNew: { sealed: 'no', power: 'yes', cosmetic: 'none', battery: 'no' },
  Good: { sealed: 'no', power: 'yes', cosmetic: 'worn', battery: 'no' },
  Damaged: { sealed: 'no', power: 'yes', cosmetic: 'cracked', battery: 'no' },
  swollen: { sealed: 'no', power: 'yes', cosmetic: 'none', battery: 'yes' },
} as const;

const MULTIPLIERS: Record<TradeInCondition, number> = {
  'N/A': 0.5,
  Neutral: 0.5,
  New: 1,
  LikeNew: 0.9,
  VeryGood: 0.8,
  Good: 0.7,
  Working: 0.55,
  Acceptable: 0.45,
  Damaged: 0.25,
  NonFunctional: 0.1,
  Unacceptable: 0,
  Ruined: 0,
  'Wrong Item': 0,
};

export type TradeInDeviceOverrides = {
  productGroup?: TradeInProductGroup;
  /** The value of `New` in dollars; the other grades follow from it. */
  newValue?: number;
  brand?: string;
  model?: string;
  carrier?: string;
  storage?: string;
  title?: string;
  hazmat?: boolean;
  payableNow?: boolean;
  /** null: none (the store's currency, logged). */
  currencyCode?: string | null;
  asin?: string;
};

export type CreatedTradeInDevice = {
  asin: string;
  productGroup: TradeInProductGroup;
  title: string;
  /** Each condition's value in minor units. */
  offers: Record<TradeInCondition, number>;
};

function deviceInput(overrides: TradeInDeviceOverrides) {
  const asin = overrides.asin ?? `TI${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;
  const newValue = overrides.newValue ?? 100;
  const productGroup = overrides.productGroup ?? 'gl_wireless';
  const title = overrides.title ?? `Test device ${asin}`;
  const offers = Object.fromEntries(
    TRADE_IN_CONDITIONS.map((c) => [c, Math.round(newValue * MULTIPLIERS[c] * 100)]),
  ) as Record<TradeInCondition, number>;
  const input = {
    asin,
    title,
    brand: overrides.brand ?? 'Testco',
    model: overrides.model ?? `Model ${asin.slice(-4)}`,
    productGroup,
    refinements: {
      ...(overrides.carrier ? { carrier: overrides.carrier } : {}),
      ...(overrides.storage ? { storage: overrides.storage } : {}),
    },
    tradeInItemType: 'Test device',
    hazmat: overrides.hazmat ?? false,
    payableNow: overrides.payableNow ?? true,
    ...(overrides.currencyCode === null ? {} : { currencyCode: overrides.currencyCode ?? 'USD' }),
    conditionOfferMap: Object.fromEntries(TRADE_IN_CONDITIONS.map((c) => [c, { tiv: offers[c] / 100 }])),
  };
  return { input, created: { asin, productGroup, title, offers } };
}

/**
 * Tradeable devices through the catalog importer, with TEST_QUESTIONNAIRE for their groups (devices are
 * not store products; the file carries one plain product because a catalog file needs one).
 */
export async function createTradeInDevices(
  db: Kysely<Database>,
  list: readonly TradeInDeviceOverrides[],
  options: FactoryOptions = {},
): Promise<CreatedTradeInDevice[]> {
  const built = list.map(deviceInput);
  const groups = [...new Set(built.map((b) => b.created.productGroup))];
  await importCatalogInput(
    db,
    {
      // A file has at least one product: a plain one of its own rides along.
      products: [buildProduct()],
      tradeInDevices: built.map((b) => b.input),
      tradeInQuestionnaires: groups.map((productGroup) => ({ productGroup, ...TEST_QUESTIONNAIRE })),
    } as unknown as CatalogInput,
    options.now,
  );
  return built.map((b) => b.created);
}

export async function createTradeInDevice(
  db: Kysely<Database>,
  overrides: TradeInDeviceOverrides = {},
  options: FactoryOptions = {},
): Promise<CreatedTradeInDevice> {
  const [device] = await createTradeInDevices(db, [overrides], options);
  return device as CreatedTradeInDevice;
}
