import { z } from 'zod';
import { REPEAT_CADENCE_WEEKS } from '../grocery-constants';
import { errorResponse } from './common';
import { refTag } from './logging';

// Repeat delivery (staples, S2 §3, §7): add, update, skip and the educational content.

const asin = z.string().regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN (A-Z, 0-9)');

/** Where the call comes from; the product whose repeat item an update or skip changes. */
const clientContext = z
  .object({
    asin,
    pageType: z.string().max(40).optional(),
    marketplaceId: z.string().max(20).optional(),
  })
  .strict();

export const staplesQuery = z.object({ reftag_: refTag.optional() }).strict();

/** STP-001 */
export const staplesAddRequest = z
  .object({ reftag_: refTag.optional(), clientContext, asins: z.array(asin).min(1).max(10) })
  .strict()
  .meta({ id: 'StaplesAddRequest' });

/** The repeat item as the page edits it (besides the server's HTML view). */
export const repeatItemView = z.object({
  asin: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  cadenceWeeks: z.number().int(),
  nextDropDate: z.string(),
  renderableQuantityCadence: z.string(),
  renderableNextDropDate: z.string(),
});
export type RepeatItemView = z.infer<typeof repeatItemView>;

export const staplesAddResponse = z
  .object({
    addOperationStatus: z.enum(['SUCCESS', 'ALREADY_REPEATED']),
    /** The view that follows the button, rendered by the server from the page's component. */
    nextViewHtml: z.string(),
    item: repeatItemView,
  })
  .meta({ id: 'StaplesAddResponse' });

/** STP-002 */
export const staplesUpdateRequest = z
  .object({
    quantity: z
      .object({ quantity: z.number().int().min(1).max(99), unit: z.string().min(1).max(40) })
      .strict(),
    cadence: z
      .number()
      .int()
      .refine((weeks) => (REPEAT_CADENCE_WEEKS as readonly number[]).includes(weeks), {
        message: `cadence must be one of ${REPEAT_CADENCE_WEEKS.join(', ')} (weeks)`,
      }),
    clientContext,
  })
  .strict()
  .meta({ id: 'StaplesUpdateRequest' });

export const staplesUpdateResponse = z
  .object({
    renderableQuantityCadence: z.string(),
    renderableNextDropDate: z.string(),
    item: repeatItemView,
  })
  .meta({ id: 'StaplesUpdateResponse' });

export const staplesSkipRequest = z.object({ clientContext }).strict().meta({ id: 'StaplesSkipRequest' });

/** STP-014: a refused staples call may carry the server's modal HTML. */
export const staplesError = errorResponse
  .extend({ errorModalHtml: z.string().optional() })
  .meta({ id: 'StaplesError' });

/** STP-013 */
export const staplesEducontent = z
  .object({
    title: z.string(),
    paragraphs: z.array(z.string()),
    learnMoreManageStaplesLink: z.string(),
  })
  .meta({ id: 'StaplesEducontent' });
