// Buy-box constants and the detail page's small display rules (BB-040, BB-042, DP-002..006, DP-017, DP-019).

const POPUP_WINDOW_WIDTH = 600;
const POPUP_WINDOW_HEIGHT = 400;
export const BUY_BOX_LINE_CLAMP = 3;
export const SYNTAX_ERROR_RETRY_MS = 200;

/** The `window.open` features of the default pop-up window: 600 by 400 with scrollbars (BB-042). */
export function popupWindowFeatures(
  size = { width: POPUP_WINDOW_WIDTH, height: POPUP_WINDOW_HEIGHT },
): string {
  return `width=${size.width},height=${size.height},scrollbars=yes`;
}

/** The image URLs to preload, each once, in first-seen order, without empty entries (BB-040). */
export function images(urls: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const url of urls) {
    const trimmed = url?.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen];
}

/** Whether the feature bullets get an expander: only when the content is taller than its box (DP-003). */
export function featureBulletsExpander(contentHeight: number, boxHeight: number): boolean {
  return contentHeight > boxHeight;
}

export type FeatureBullets = 'collapsed' | 'expanded';
export type FeatureBulletsEvent = 'toggle' | 'hover-away';

/** The bullets after an event: the expander toggles them (DP-002), hovering away collapses them (DP-004). */
export function featureBulletsChanged(state: FeatureBullets, event: FeatureBulletsEvent): FeatureBullets {
  if (event === 'hover-away') return 'collapsed';
  return state === 'collapsed' ? 'expanded' : 'collapsed';
}

/** Whether the tabular buy box shows show-more: only when the text is cut at 3 lines (DP-006, DP-017). */
export function showMoreLink(lineCount: number): boolean {
  return lineCount > BUY_BOX_LINE_CLAMP;
}

/** Whether the location prompt modal opens: eligibility allows it and the device is desktop (DP-005). */
export function locationPromptOpens(context: {
  eligible: boolean;
  device: 'desktop' | 'mobile' | 'tablet';
}): boolean {
  return context.eligible && context.device === 'desktop';
}
