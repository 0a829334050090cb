import { LIST_LIMITS, LIST_PRIORITIES, type ListPriority, type ListType } from '../../shared/list-constants';

/** A problem with a field of a list form: the field and what to show. */
export type ListProblem = { field: string; message: string };

/** What the legacy create form (S2 §5) and the creation calls send, trimmed. */
export type ListCreation = {
  listType: ListType;
  listName: string;
  recipientFirstName?: string;
  recipientLastName?: string;
  occasionDay?: number | undefined;
  occasionMonth?: number | undefined;
  occasionYear?: number | undefined;
};

/** LIST-020: whether day, month and year name a real calendar date (29 February only in leap years). */
export function isRealCalendarDate(day: number, month: number, year: number): boolean {
  if (!Number.isInteger(day) || !Number.isInteger(month) || !Number.isInteger(year)) return false;
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2200) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1;
}

/** LIST-021: the child age field shows only once the occasion's month and day are chosen. */
export const showsChildAge = (month: number | undefined, day: number | undefined): boolean =>
  !!month && !!day;

/**
 * LIST-017..020 and the store's limits: the first problem of a list creation, or null. A wish list
 * needs a name, a gift list a recipient first or last name, an idea list a name; an occasion date
 * must be a real date; no name is longer than the limit.
 */
export function creationProblem(creation: ListCreation): ListProblem | null {
  const name = creation.listName.trim();
  if (creation.listType === 'giftlist') {
    const first = creation.recipientFirstName?.trim() ?? '';
    const last = creation.recipientLastName?.trim() ?? '';
    if (!first && !last) {
      return { field: 'recipientFirstName', message: "Enter the recipient's first or last name." };
    }
    if (
      first.length > LIST_LIMITS.recipientNameMaxLength ||
      last.length > LIST_LIMITS.recipientNameMaxLength
    ) {
      return {
        field: 'recipientFirstName',
        message: `Names can be at most ${LIST_LIMITS.recipientNameMaxLength} characters.`,
      };
    }
  } else if (!name) {
    return {
      field: 'listName',
      message: creation.listType === 'idealist' ? 'Enter an idea list name.' : 'Enter a list name.',
    };
  }
  if (name.length > LIST_LIMITS.nameMaxLength) {
    return {
      field: 'listName',
      message: `List names can be at most ${LIST_LIMITS.nameMaxLength} characters.`,
    };
  }
  const { occasionDay: day, occasionMonth: month, occasionYear: year } = creation;
  if (day !== undefined || month !== undefined || year !== undefined) {
    if (
      day === undefined ||
      month === undefined ||
      year === undefined ||
      !isRealCalendarDate(day, month, year)
    ) {
      return { field: 'occasionDate', message: 'Enter a real occasion date.' };
    }
  }
  return null;
}

/** A gift list without a name is called after its recipient. */
export function giftListName(creation: ListCreation): string {
  const name = creation.listName.trim();
  if (name) return name;
  const recipient = [creation.recipientFirstName?.trim(), creation.recipientLastName?.trim()]
    .filter(Boolean)
    .join(' ');
  return `Gifts for ${recipient}`.slice(0, LIST_LIMITS.nameMaxLength);
}

/** A list name the owner types when renaming: trimmed, or the problem with it. */
export function renameProblem(name: string): ListProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return { field: 'listName', message: 'Enter a list name.' };
  if (trimmed.length > LIST_LIMITS.nameMaxLength) {
    return {
      field: 'listName',
      message: `List names can be at most ${LIST_LIMITS.nameMaxLength} characters.`,
    };
  }
  return null;
}

/** Whether a customer holding `held` lists may make one more. */
export const mayCreateList = (held: number): boolean => held < LIST_LIMITS.listsPerCustomer;

/** Whether a list holding `held` lines may take a new line (a raised quantity is not a new line). */
export const mayAddLine = (held: number): boolean => held < LIST_LIMITS.itemsPerList;

/** The quantity after adding `added` to `held`, capped at the limit. */
export const raisedQuantity = (held: number, added: number): number =>
  Math.min(LIST_LIMITS.quantityMax, held + added);

/** The order of items on a list: highest priority first, then the most recently added. */
export function byPriority<T extends { priority: ListPriority; addedAt: number }>(items: readonly T[]): T[] {
  const rank = (p: ListPriority) => LIST_PRIORITIES.indexOf(p);
  return [...items].sort((a, b) => rank(b.priority) - rank(a.priority) || b.addedAt - a.addedAt);
}

export type PriceChange = { direction: 'dropped' | 'rose' | 'same'; percent: number; text: string | null };

/**
 * How an item's price moved since it was added: whole percent of the price when added, rounded down
 * so "dropped 12%" never overstates it; no text under 1%.
 */
export function priceChangeSinceAdded(addedMinor: number, nowMinor: number): PriceChange {
  if (addedMinor <= 0 || nowMinor === addedMinor) return { direction: 'same', percent: 0, text: null };
  const percent = Math.floor((Math.abs(nowMinor - addedMinor) * 100) / addedMinor);
  const direction = nowMinor < addedMinor ? 'dropped' : 'rose';
  if (percent < 1) return { direction, percent, text: null };
  return {
    direction,
    percent,
    text:
      direction === 'dropped' ? `Price dropped ${percent}% since added` : `Price up ${percent}% since added`,
  };
}

/** A return path is one of ours: a path on this site, not another host (`//evil`, `/\evil`). */
export function isOwnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/[\r\n]/.test(path);
}
