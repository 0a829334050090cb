// Bundles (BDL-*): what a bundle costs and saves, which product entities the side sheet may show,
// and when a bundle's saving still applies to a cart.

/** BDL-017: a bundle goes into the cart once per add, whatever is asked. */
export const BUNDLE_ADD_QUANTITY = 1;

/** BDL-025: bundle images come from the media host at this fixed path. */
export const BUNDLE_MEDIA_PATH = '/images/demo/';

/** BDL-025: the address of a bundle image the catalog names by file name. */
export function bundleImageUrl(fileName: string): string {
  return `${BUNDLE_MEDIA_PATH}${encodeURIComponent(fileName)}`;
}

/** BDL-018: the part of a product entity the validity rule reads. */
export type BundleProductEntity = {
  asin?: unknown;
  images?: readonly unknown[] | undefined;
  title?: { displayString?: unknown } | undefined;
  buyingOptions?: readonly unknown[] | undefined;
};

/** BDL-018: a product entity is valid only with an asin, at least one image, a title and a buying option. */
export function isValidBundleProduct(entity: BundleProductEntity | null | undefined): boolean {
  if (!entity) return false;
  return (
    typeof entity.asin === 'string' &&
    entity.asin.length > 0 &&
    Array.isArray(entity.images) &&
    entity.images.length > 0 &&
    typeof entity.title?.displayString === 'string' &&
    entity.title.displayString.length > 0 &&
    Array.isArray(entity.buyingOptions) &&
    entity.buyingOptions.length > 0
  );
}

export type PricedComponent = { unitPriceMinor: number; quantity: number };

/**
 * What the components cost bought on their own, and what the bundle saves against that. A bundle
 * that saves nothing (its components got cheaper than it) is not worth offering: `savingMinor` is 0.
 */
export function bundleSaving(
  components: readonly PricedComponent[],
  bundlePriceMinor: number,
): { separatelyMinor: number; savingMinor: number } {
  const separatelyMinor = components.reduce((sum, c) => sum + c.unitPriceMinor * c.quantity, 0);
  return { separatelyMinor, savingMinor: Math.max(0, separatelyMinor - bundlePriceMinor) };
}

/** A bundle's saving in a cart, with the component lines it was added with and their quantities. */
export type StoredBundleSaving = {
  id: string;
  bundleId: string;
  componentCount: number;
  addedAt: number;
  links: readonly { lineId: string; quantity: number }[];
};

/**
 * The savings that still apply to the cart's lines: every component line is still there (a line that
 * goes takes its link with it) and holds the units the bundle put in it, counted oldest saving first
 * so two bundles sharing a line never claim the same unit. The rest are stale and go.
 */
export function applyingBundleSavings<S extends StoredBundleSaving>(
  savings: readonly S[],
  lines: readonly { id: string; quantity: number }[],
): { applying: S[]; stale: S[] } {
  const left = new Map(lines.map((line) => [line.id, line.quantity]));
  const applying: S[] = [];
  const stale: S[] = [];
  const ordered = [...savings].sort((a, b) => a.addedAt - b.addedAt || a.id.localeCompare(b.id));
  for (const saving of ordered) {
    const complete =
      saving.links.length === saving.componentCount &&
      saving.links.every((link) => (left.get(link.lineId) ?? 0) >= link.quantity);
    if (!complete) {
      stale.push(saving);
      continue;
    }
    for (const link of saving.links) left.set(link.lineId, (left.get(link.lineId) ?? 0) - link.quantity);
    applying.push(saving);
  }
  return { applying, stale };
}
