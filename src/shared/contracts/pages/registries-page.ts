import { z } from 'zod';
import { registryItemView, registrySummary, registryType } from '../registries';
import { notice, shopperView } from './shopper';

const address = z.object({
  fullName: z.string(),
  line1: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
});

/** The registry pages (REG-002..004, decision 0062), server-rendered, each a view of one page. */
const registriesView = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('home'),
    query: z.string(),
    results: z.array(registrySummary).nullable(),
    mine: z.array(registrySummary),
  }),
  z.object({
    kind: z.literal('owner'),
    registry: registrySummary,
    showPurchases: z.boolean(),
    checklistPercent: z.number().int().nullable(),
    items: z.array(registryItemView),
  }),
  z.object({
    kind: z.literal('guest'),
    registry: registrySummary,
    isOwner: z.boolean(),
    showPurchases: z.boolean(),
    items: z.array(registryItemView),
  }),
  z.object({
    kind: z.literal('create'),
    type: registryType.nullable(),
    heading: z.string(),
    address: address.nullable(),
    signInUrl: z.string().nullable(),
  }),
  z.object({ kind: z.literal('wedding-nosignin'), signInUrl: z.string() }),
  z.object({
    kind: z.literal('baby-landing'),
    babyRegistry: registrySummary.nullable(),
    failed: z.boolean(),
    signInUrl: z.string().nullable(),
  }),
]);
export type RegistriesView = z.infer<typeof registriesView>;

export const registriesPageData = z.object({
  page: z.literal('registries'),
  shopper: shopperView,
  csrfToken: z.string(),
  notice: notice.nullable(),
  view: registriesView,
});
export type RegistriesPageData = z.infer<typeof registriesPageData>;
