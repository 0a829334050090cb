/**
 * A control's attributes while its own request runs: announced as unavailable (`aria-disabled`) yet
 * still focusable, so the keyboard user who pressed it keeps their place (a native `disabled` drops
 * focus to the page). Its handler ignores presses meanwhile; base.css dims it like a disabled one.
 */
export const whileBusy = (busy: boolean) => (busy ? ({ 'aria-disabled': true } as const) : {});
