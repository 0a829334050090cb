import {
  BABY_CHECKLIST,
  type BabyChecklistCategory,
  MIN_CONTRIBUTION_MINOR,
  REQUEST_COUNT_SHOWN_MAX,
  type RegistryPrivacy,
} from '../../shared/registry-constants';

/** REG-006: a requested count as the dropdown shows it; above 10 it reads `10+`. */
export function requestCountLabel(count: number): string {
  return count > REQUEST_COUNT_SHOWN_MAX ? `${REQUEST_COUNT_SHOWN_MAX}+` : String(count);
}

/** The dropdown's options: 1 … 10 and `10+`, which stands for the requested count when above 10. */
export function requestCountOptions(current: number): { value: number; label: string }[] {
  const options = Array.from({ length: REQUEST_COUNT_SHOWN_MAX }, (_, i) => ({
    value: i + 1,
    label: String(i + 1),
  }));
  const above = Math.max(current, REQUEST_COUNT_SHOWN_MAX + 1);
  options.push({
    value: current > REQUEST_COUNT_SHOWN_MAX ? above : REQUEST_COUNT_SHOWN_MAX + 1,
    label: '10+',
  });
  return options;
}

const CATEGORY_WORDS: [BabyChecklistCategory, RegExp][] = [
  ['Nursery', /\b(crib|bassinet|nursery|mattress|dresser|glider|night ?light|sound machine)\b/i],
  ['Feeding', /\b(bottle|feeding|high ?chair|bib|breast|formula|pacifier|sterili[sz]er)\b/i],
  ['Diapering', /\b(diaper|wipes?|changing)\b/i],
  ['Bath', /\b(bath|tub|towel|washcloth|shampoo)\b/i],
  ['Health & Safety', /\b(monitor|thermometer|gate|safety|humidifier|first aid)\b/i],
  ['Travel', /\b(stroller|car seat|carrier|travel|diaper bag)\b/i],
  ['Clothing', /\b(onesie|bodysuit|sleeper|socks|swaddle|clothing)\b/i],
  ['Play', /\b(toy|play ?mat|rattle|book|mobile|teether|activity)\b/i],
];

/** The baby checklist category an item fills, read from its title; null when it fills none. */
export function checklistCategoryOf(title: string): BabyChecklistCategory | null {
  return CATEGORY_WORDS.find(([, words]) => words.test(title))?.[0] ?? null;
}

/** `checklistPercent`: the whole percentage of checklist categories with at least one item. */
export function checklistPercent(titles: readonly string[]): number {
  const covered = new Set(titles.map(checklistCategoryOf).filter((c) => c !== null));
  return Math.round((covered.size * 100) / BABY_CHECKLIST.length);
}

/** Units a giver may still buy: requested less purchased, never below 0. */
export function stillNeeded(requested: number, purchased: number): number {
  return Math.max(0, requested - purchased);
}

/**
 * Who reads a registry: its owner always; anyone else a public or shared one (a shared registry is
 * reached by its link, a public one is also found by name); a private one answers 404 to them.
 */
export function canView(privacy: RegistryPrivacy, isOwner: boolean): boolean {
  return isOwner || privacy !== 'private';
}

/** How names are compared in a search: lower case, one space, no accents. */
export function searchName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Spoiler-free owner mode: an owner who chose it does not see what was bought until the event date
 * (`today` and `eventDate` as YYYY-MM-DD).
 */
export function ownerSeesPurchases(spoilerFree: boolean, eventDate: string, today: string): boolean {
  return !spoilerFree || today >= eventDate;
}

export type GroupGift = { unitPriceMinor: number; requested: number; fundedMinor: number };

/** What a group gift still needs, in minor units: every requested unit at today's price, less what is funded. */
export function remainingFundingMinor(gift: GroupGift): number {
  return Math.max(0, gift.unitPriceMinor * gift.requested - gift.fundedMinor);
}

/** Units of a group gift that count as purchased: each one fully funded. */
export function fundedUnits(gift: GroupGift): number {
  if (gift.unitPriceMinor <= 0) return 0;
  return Math.min(gift.requested, Math.floor(gift.fundedMinor / gift.unitPriceMinor));
}

/**
 * The units of a group gift counted purchased after a contribution: each unit funded at today's price
 * (`fundedUnits`), and never fewer than were counted before, since a unit counted was paid for and a
 * later price rise does not un-buy it (decision 0064).
 */
export function purchasedAfterFunding(countedBefore: number, gift: GroupGift): number {
  return Math.max(countedBefore, fundedUnits(gift));
}

/** The funded share as a whole percentage (the guest view's bar). */
export function fundedPercent(gift: GroupGift): number {
  const target = gift.unitPriceMinor * gift.requested;
  if (target <= 0) return 0;
  return Math.min(100, Math.floor((gift.fundedMinor * 100) / target));
}

export type ContributionProblem = 'below_minimum' | 'above_remaining' | 'fully_funded';

/**
 * A contribution toward a group gift: at least $5, unless less than that remains, when exactly what
 * remains; never more than remains.
 */
export function checkContribution(amountMinor: number, gift: GroupGift): ContributionProblem | null {
  const remaining = remainingFundingMinor(gift);
  if (remaining === 0) return 'fully_funded';
  if (amountMinor > remaining) return 'above_remaining';
  if (amountMinor < Math.min(MIN_CONTRIBUTION_MINOR, remaining)) return 'below_minimum';
  return null;
}

/** An event date: a real calendar date as YYYY-MM-DD. */
export function isEventDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
