// The jump links bar and the page's smooth scrolls (BB-004..007).

export const JUMP_LINK_SCROLL_MS = 500;
export const DEFAULT_SCROLL_MS = 1000;

/** Jump links are enabled only when there are links and every target exists on the page (BB-005). */
export function jumpLinksEnabled(targetIds: readonly string[], hasTarget: (id: string) => boolean): boolean {
  return targetIds.length > 0 && targetIds.every(hasTarget);
}

/** The position `elapsed` ms into a smooth scroll: eases in and out, exactly `end` at `duration` (BB-004). */
export function scrollPosition(start: number, end: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return end;
  if (elapsed <= 0) return start;
  const t = elapsed / duration;
  const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  return start + (end - start) * eased;
}
