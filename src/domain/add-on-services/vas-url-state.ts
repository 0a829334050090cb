// VAS-001, VAS-002, VAS-045: the add-on widget's state in the address, `vas={'vw':'B0…'}`.

export type VasState = Record<string, string>;

/** VAS-001: reads the `vas` parameter (a JSON object written with single quotes); anything else is {}. */
export function readVasState(search: string | URLSearchParams): VasState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw = params.get('vas');
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw.replaceAll("'", '"'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** VAS-001: the state as the parameter writes it, single-quoted (values keep to ASIN characters). */
export function writeVasState(state: VasState): string {
  return JSON.stringify(state).replaceAll('"', "'");
}

/**
 * VAS-002: the address with `vw` set to the chosen add-on (`null` removes it). An empty state removes
 * the parameter; every other part of the address stays as it was.
 */
export function vasUrl(href: string, chosen: string | null): string {
  const url = new URL(href);
  const state = readVasState(url.searchParams);
  if (chosen === null) delete state.vw;
  else state.vw = chosen;
  if (Object.keys(state).length === 0) url.searchParams.delete('vas');
  else url.searchParams.set('vas', writeVasState(state));
  return url.toString();
}

/** The add-on chosen in the address (`vw`), if it is one of the offered ones. */
export function chosenFromUrl(search: string | URLSearchParams, offered: readonly string[]): string | null {
  const vw = readVasState(search).vw;
  return vw && offered.includes(vw) ? vw : null;
}

export type HistoryLike = { replaceState?: unknown };

/**
 * VAS-045: writes the URL state with history.replaceState; a browser without it is counted as
 * unsupported (`onUnsupported`) and the URL is left alone. Answers whether the URL was written.
 */
export function replaceUrlState(
  history: HistoryLike | undefined,
  url: string,
  onUnsupported: () => void,
): boolean {
  if (!history || typeof history.replaceState !== 'function') {
    onUnsupported();
    return false;
  }
  (history.replaceState as (data: unknown, unused: string, url: string) => void).call(history, null, '', url);
  return true;
}
