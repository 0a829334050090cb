import { z } from 'zod';
import { TRADE_IN_RULES } from '../../../domain/trade-in/trade-in';
import { TRADE_IN_CONDITIONS, TRADE_IN_PRODUCT_GROUPS } from '../../../shared/trade-in-constants';
import {
  insertRecycleAndSavePromotions,
  type RecycleAndSavePromotionRow,
  replaceRecycleAndSavePromotion,
  sameRecycleAndSavePromotion,
} from '../../db/repositories/recycle-and-save-repository';
import {
  insertTradeInProducts,
  replaceTradeInProduct,
  sameTradeInProduct,
  type TradeInDeviceRow,
  type TradeInProductRow,
  upsertTradeInDevices,
  upsertTradeInQuestionnaires,
} from '../../db/repositories/trade-in-repository';
import { type CatalogIssue, catalogPart } from '../catalog-part';
import { duplicateIds } from '../import-sections';
import { asin, money } from './catalog-values';

const productGroup = z.enum(TRADE_IN_PRODUCT_GROUPS);
const condition = z.enum(TRADE_IN_CONDITIONS);
const id = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be 1-40 characters a-z, 0-9 or -');

/**
 * The trade-in area's keys of a product's `features`: a recycle-and-save promotion on the product
 * (RS-001, decision 0051), a whole percentage off one unit, claimed once per customer, stored in
 * recycle_and_save_promotions; and the trade-in product group its page launches (TI-002, decision 0052),
 * stored in trade_in_products.
 */
const tradeInFeatures = {
  recycleAndSave: z
    .object({
      productGroup,
      percentOff: z.number().int().min(1).max(90),
      description: z.string().min(1).max(160),
    })
    .strict()
    .optional(),
  tradeIn: z.object({ productGroup }).strict().optional(),
};

/** TI-008: a value (`tiv`, a decimal amount) for every condition of TI-009, exactly. */
const conditionOfferMap = z
  .object(
    Object.fromEntries(
      TRADE_IN_CONDITIONS.map((c) => [
        c,
        z
          .object({
            tiv: money.max(
              TRADE_IN_RULES.maxTivMinor / 100,
              `may be at most ${TRADE_IN_RULES.maxTivMinor / 100}`,
            ),
          })
          .strict(),
      ]),
    ) as Record<(typeof TRADE_IN_CONDITIONS)[number], z.ZodObject<{ tiv: typeof money }>>,
  )
  .strict();

/** A tradeable device (not a store product): stored in trade_in_devices. */
const tradeInDeviceSchema = z
  .object({
    asin,
    title: z.string().min(1).max(200),
    brand: z.string().min(1).max(60),
    model: z.string().min(1).max(60),
    productGroup,
    refinements: z
      .object({
        carrier: z.string().min(1).max(60).optional(),
        storage: z.string().min(1).max(30).optional(),
      })
      .strict()
      .default({}),
    tradeInItemType: z.string().min(1).max(60),
    hazmat: z.boolean().default(false),
    payableNow: z.boolean().default(true),
    imageUrl: z
      .string()
      .regex(/^(https:\/\/|\/)/, 'must be an https:// URL or a path on this server starting with /')
      .max(500)
      .optional(),
    /** Absent: the store's currency, and the read logs it (TI-027). */
    currencyCode: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code')
      .optional(),
    conditionOfferMap,
  })
  .strict();

/** A product group's questions: each answer maps to a condition; the worst answer wins. */
const questionnaireSchema = z
  .object({
    productGroup,
    appraisalOptional: z.boolean().default(false),
    questions: z
      .array(
        z
          .object({
            id,
            text: z.string().min(1).max(200),
            answers: z
              .array(
                z
                  .object({
                    id,
                    label: z.string().min(1).max(120),
                    condition,
                    refuse: z.boolean().optional(),
                  })
                  .strict(),
              )
              .min(2)
              .max(8),
          })
          .strict(),
      )
      .min(1)
      .max(12),
  })
  .strict();

/** Ids that appear twice in a list of a section, with their full path. */
function duplicatesAt(list: readonly { id: string }[], path: (string | number)[]): CatalogIssue[] {
  const seen = new Set<string>();
  const problems: CatalogIssue[] = [];
  list.forEach(({ id }, i) => {
    if (seen.has(id)) problems.push({ path: [...path, i, 'id'], message: `duplicate id ${id}` });
    seen.add(id);
  });
  return problems;
}

export type CatalogTradeInDevice = z.output<typeof tradeInDeviceSchema>;

function deviceRow(device: CatalogTradeInDevice, position: number): TradeInDeviceRow {
  const offers = Object.fromEntries(
    TRADE_IN_CONDITIONS.map((c) => [c, Math.round(device.conditionOfferMap[c].tiv * 100)]),
  );
  return {
    asin: device.asin,
    position,
    title: device.title,
    brand: device.brand,
    model: device.model,
    product_group: device.productGroup,
    carrier: device.refinements.carrier ?? null,
    storage: device.refinements.storage ?? null,
    trade_in_item_type: device.tradeInItemType,
    hazmat: device.hazmat ? 1 : 0,
    payable_now: device.payableNow ? 1 : 0,
    image_url: device.imageUrl ?? null,
    currency_code: device.currencyCode ?? null,
    offers_json: JSON.stringify(offers),
  };
}

/** The trade-in area's part of the catalog. */
export const tradeInCatalog = catalogPart({
  features: tradeInFeatures,
  sections: {
    tradeInDevices: z.array(tradeInDeviceSchema).max(20_000).default([]),
    tradeInQuestionnaires: z.array(questionnaireSchema).max(TRADE_IN_PRODUCT_GROUPS.length).default([]),
  },
  problems: ({ products, tradeInDevices, tradeInQuestionnaires }) => {
    const issues: CatalogIssue[] = [
      ...duplicateIds(
        tradeInDevices.map((d) => d.asin),
        'tradeInDevices',
        'asin',
      ),
      ...duplicateIds(
        tradeInQuestionnaires.map((q) => q.productGroup),
        'tradeInQuestionnaires',
        'productGroup',
      ),
    ];
    for (const [i, q] of tradeInQuestionnaires.entries()) {
      issues.push(...duplicatesAt(q.questions, ['tradeInQuestionnaires', i, 'questions']));
      for (const [j, question] of q.questions.entries()) {
        issues.push(
          ...duplicatesAt(question.answers, ['tradeInQuestionnaires', i, 'questions', j, 'answers']),
        );
      }
    }
    // Within one file, a device's group and a product's launch need that group's questions (a file
    // that has questionnaires; one without any relies on those already stored).
    if (tradeInQuestionnaires.length > 0) {
      const groups = new Set(tradeInQuestionnaires.map((q) => q.productGroup));
      for (const [i, device] of tradeInDevices.entries()) {
        if (!groups.has(device.productGroup)) {
          issues.push({
            path: ['tradeInDevices', i, 'productGroup'],
            message: `no questionnaire in tradeInQuestionnaires for ${device.productGroup}`,
          });
        }
      }
      for (const [i, product] of products.entries()) {
        const group = product.features.tradeIn?.productGroup;
        if (group && !groups.has(group)) {
          issues.push({
            path: ['products', i, 'features', 'tradeIn', 'productGroup'],
            message: `no questionnaire in tradeInQuestionnaires for ${group}`,
          });
        }
      }
    }
    return issues;
  },
  products: {
    rows: ({ asin, features: { recycleAndSave, tradeIn } }) => ({
      asin,
      promotion: recycleAndSave
        ? ({
            asin,
            product_group: recycleAndSave.productGroup,
            percent_off: recycleAndSave.percentOff,
            description: recycleAndSave.description,
          } satisfies RecycleAndSavePromotionRow)
        : null,
      tradeIn: tradeIn ? ({ asin, product_group: tradeIn.productGroup } satisfies TradeInProductRow) : null,
    }),
    insertNew: async (db, rows) => {
      await insertRecycleAndSavePromotions(
        db,
        rows.flatMap((row) => row.promotion ?? []),
      );
      await insertTradeInProducts(
        db,
        rows.flatMap((row) => row.tradeIn ?? []),
      );
    },
    same: async (db, { asin, promotion, tradeIn }) =>
      (await sameRecycleAndSavePromotion(db, asin, promotion)) &&
      (await sameTradeInProduct(db, asin, tradeIn)),
    replace: async (db, { asin, promotion, tradeIn }) => {
      await replaceRecycleAndSavePromotion(db, asin, promotion);
      await replaceTradeInProduct(db, asin, tradeIn);
    },
  },
  async importSections(db, { tradeInDevices, tradeInQuestionnaires }) {
    await upsertTradeInQuestionnaires(
      db,
      tradeInQuestionnaires.map((q) => ({
        productGroup: q.productGroup,
        questionnaire: { appraisalOptional: q.appraisalOptional, questions: q.questions },
      })),
    );
    await upsertTradeInDevices(
      db,
      tradeInDevices.map((device, i) => deviceRow(device, i)),
    );
  },
});
