// The price table's tiers as the picker shows them (S2 §3, §4, §5, §9).

/** The program value of business volume-aware pricing (BIZ-006). */
const VOLUME_AWARE_PRICING_PROGRAM = 'BUSINESS_VOLUME_AWARE_PRICING';
/** BIZ-061: tiers visible before load-more. */
const VISIBLE_TIERS = 3;
/** BIZ-044: pages of the pricing table fetched at most. */
export const MAX_TIER_PAGES = 10;

/** A tier as the product call answers it (BIZ-005, source side). */
export type SourceTier = {
  minimumQuantity: number;
  priceMessage: string;
  savingsMessage?: string | undefined;
  availabilityMessage?: string | undefined;
  hidden: boolean;
  lowestAvailablePrice: boolean;
  program?: string | undefined;
  buyingInBulk?: { fragments: { text: string; url?: string | undefined }[] } | undefined;
};

/** A tier as the picker reads it (BIZ-005, converted side). */
export type PickerTier = {
  quantity: number;
  quantityPickerPriceText: string;
  isUncompetitive: boolean;
  isLowestAvailablePrice: boolean;
  savingsMessage: string | null;
  availabilityMessage: string | null;
  program: string | null;
  buyingInBulkLink: string | null;
  buyingInBulkMessage: string | null;
};

/** BIZ-005: converts a source tier; a bulk-buying fragment's link is resolved against the configured base URL. */
export function convertTier(tier: SourceTier, buyingInBulkBaseUrl: string | null): PickerTier {
  const fragments = tier.buyingInBulk?.fragments ?? [];
  const url = fragments.find((f) => f.url)?.url ?? null;
  const message = fragments
    .map((f) => f.text)
    .join('')
    .trim();
  return {
    quantity: tier.minimumQuantity,
    quantityPickerPriceText: tier.priceMessage,
    isUncompetitive: tier.hidden,
    isLowestAvailablePrice: tier.lowestAvailablePrice,
    savingsMessage: tier.savingsMessage ?? null,
    availabilityMessage: tier.availabilityMessage ?? null,
    program: tier.program ?? null,
    buyingInBulkLink: url ? resolveLink(url, buyingInBulkBaseUrl) : null,
    buyingInBulkMessage: message || null,
  };
}

function resolveLink(url: string, base: string | null): string {
  if (/^(https?:)?\/\//.test(url) || url.startsWith('/') || !base) return url;
  return `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/**
 * BIZ-006: a first tier under volume-aware pricing is a discount the customer has unlocked. The table
 * says so only once the quantity reaches that tier (decision 0044): below it the discount is not yet
 * the shopper's price.
 */
export function unlockedDiscount(tiers: readonly PickerTier[]): boolean {
  return tiers[0]?.program === VOLUME_AWARE_PRICING_PROGRAM;
}

/** BIZ-043: tiers de-duplicated by minimum quantity (the first seen wins), in the order given. */
export function dedupeTiers<T extends { minimumQuantity: number }>(tiers: readonly T[]): T[] {
  const seen = new Set<number>();
  return tiers.filter((tier) => {
    if (seen.has(tier.minimumQuantity)) return false;
    seen.add(tier.minimumQuantity);
    return true;
  });
}

/** What the table knows: still fetching, failed, or the tiers and whether the quantity is available. */
export type TableState =
  | { status: 'fetching' }
  | { status: 'error' }
  | { status: 'ready'; tiers: readonly PickerTier[]; available: boolean };

export type TableRow =
  | { kind: 'tier'; tier: PickerTier; unlocked: boolean }
  | { kind: 'single-tier'; quantity: number; priceText: string }
  | { kind: 'load-more' }
  | { kind: 'bulk-buying'; link: string; message: string }
  | { kind: 'request-discount'; link: string }
  | { kind: 'fetching' }
  | { kind: 'error' }
  | { kind: 'unavailable' };

/** BIZ-062: load-more shows when more than 3 tiers remain or any tier is uncompetitive. */
export function loadMoreShown(tiers: readonly PickerTier[]): boolean {
  return tiers.length > VISIBLE_TIERS || tiers.some((t) => t.isUncompetitive);
}

/**
 * BIZ-002, BIZ-022..027, BIZ-061/062: the rows of the price table. Before data, the fetching row; on a
 * failed fetch, the error row; when the quantity is unavailable, the unavailable row; without tiers,
 * a single-tier list; otherwise at most 3 competitive tiers and load-more until it is clicked, then
 * every tier; last, the bulk-buying row (from the last tier's fragments) or the request-a-discount row.
 */
export function tableRows(
  state: TableState,
  options: {
    /** The quantity the box holds now (typed or applied). */
    quantity: number;
    expanded: boolean;
    single: { quantity: number; priceText: string };
    requestDiscountUrl: string | null;
  },
): TableRow[] {
  if (state.status === 'fetching') return [{ kind: 'fetching' }];
  if (state.status === 'error') return [{ kind: 'error' }];
  if (!state.available) return [{ kind: 'unavailable' }];
  const { tiers } = state;
  if (tiers.length === 0) {
    return [
      { kind: 'single-tier', ...options.single },
      ...(options.requestDiscountUrl
        ? [{ kind: 'request-discount' as const, link: options.requestDiscountUrl }]
        : []),
    ];
  }
  const unlocked = unlockedDiscount(tiers);
  const collapsed = !options.expanded && loadMoreShown(tiers);
  const shown = collapsed ? tiers.filter((t) => !t.isUncompetitive).slice(0, VISIBLE_TIERS) : tiers;
  const rows: TableRow[] = shown.map((tier) => ({
    kind: 'tier',
    tier,
    unlocked: unlocked && tier === tiers[0] && options.quantity >= tier.quantity,
  }));
  if (collapsed) rows.push({ kind: 'load-more' });
  const bulk = [...tiers].reverse().find((t) => t.buyingInBulkLink);
  if (bulk?.buyingInBulkLink) {
    rows.push({
      kind: 'bulk-buying',
      link: bulk.buyingInBulkLink,
      message: bulk.buyingInBulkMessage ?? 'Buying in bulk?',
    });
  } else if (options.requestDiscountUrl) {
    rows.push({ kind: 'request-discount', link: options.requestDiscountUrl });
  }
  return rows;
}

export type TierPage<T> = { tiers: readonly T[]; nextUrl: string | null };
export type TierPageResult<T> = { ok: true; page: TierPage<T> } | { ok: false; status: number };

/**
 * BIZ-049, BIZ-050, BIZ-054, BIZ-043: gathers the pricing table from the first page and its
 * `nextPage` URLs. A 404 on a later page ends it with the pages gathered; any other failure fails it;
 * more than 10 pages is an error. Tiers are de-duplicated by minimum quantity.
 */
export async function gatherTierPages<T extends { minimumQuantity: number }>(
  first: TierPage<T>,
  fetchPage: (url: string) => Promise<TierPageResult<T>>,
): Promise<{ ok: true; tiers: T[] } | { ok: false; reason: 'max_depth' | 'page_failed'; status?: number }> {
  const tiers: T[] = [...first.tiers];
  let next = first.nextUrl;
  let pages = 1;
  while (next) {
    if (pages >= MAX_TIER_PAGES) return { ok: false, reason: 'max_depth' };
    const result = await fetchPage(next);
    if (!result.ok) {
      if (result.status === 404) break;
      return { ok: false, reason: 'page_failed', status: result.status };
    }
    pages += 1;
    tiers.push(...result.page.tiers);
    next = result.page.nextUrl;
  }
  return { ok: true, tiers: dedupeTiers(tiers) };
}
