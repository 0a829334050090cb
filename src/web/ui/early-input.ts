// What the shopper changed in a form before the page's script took it over. React sets a controlled
// field to the value it renders (at hydration, or at the first render after it), so a quantity chosen
// while the script was on its way would silently go back to 1. The boot script (src/web/boot.ts)
// records each field's last value from the page's first moments; once the whole page has hydrated,
// each is given its value again through the event React listens to, so the page's state follows
// (decision 0035).

/** The fields changed so far and what each last held; `stop` ends the recording. */
export type EarlyInput = {
  changed: Map<EventTarget, { value: string; checked: boolean }>;
  stop: () => void;
};

declare global {
  interface Window {
    /** Set by the boot script, taken by `replayEarlyInput` once the page has hydrated. */
    pdpEarlyInput?: EarlyInput;
  }
}

/**
 * Gives each recorded field its value again, through the event React listens to, and ends the
 * recording. Called a task after the page has hydrated, once the renders its effects started are done.
 */
export function replayEarlyInput(): void {
  const early = window.pdpEarlyInput;
  if (!early) return;
  window.pdpEarlyInput = undefined;
  early.stop();
  for (const [field, was] of early.changed) {
    if (!(field instanceof Element) || !field.isConnected) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // A click toggles a box (or picks a radio) and is what React hears as its change.
      if (field.checked !== was.checked && (field.type === 'checkbox' || was.checked)) field.click();
      continue;
    }
    const isValueField =
      field instanceof HTMLInputElement ||
      field instanceof HTMLSelectElement ||
      field instanceof HTMLTextAreaElement;
    if (!isValueField) continue;
    // Given even where the field still shows it: only an event tells React the shopper's value. The
    // field's own setter first (React takes it as the value it knows), then the prototype's (React
    // does not see it), so the event reads as a change.
    field.value = was.value === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, was.value);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }
}
