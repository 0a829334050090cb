// The shopper's choice of add-on service in a widget (VAS-011..017): what is selected, whether the
// enhanced widget's upgrade is on, whether the details are open.

/** VAS-017: the option list's entry that means "no service". */
export const REMOVE_OFFER = 'removeOffer';

export type AddOnChoice = {
  /** The chosen service (its asin), or null. */
  selected: string | null;
  /** VAS-013: the enhanced widget's upgrade is chosen in place of the base plan. */
  upgraded: boolean;
  /** VAS-011: the details section opens when a service is chosen. */
  expanded: boolean;
};

export type AddOnChoiceEvent =
  | { type: 'check'; serviceAsin: string }
  | { type: 'uncheck'; serviceAsin?: string }
  | { type: 'checkUpgrade'; serviceAsin: string }
  | { type: 'uncheckUpgrade'; serviceAsin?: string }
  | { type: 'selectOption'; value: string }
  | { type: 'toggleDetails'; serviceAsin?: string };

export const noChoice: AddOnChoice = { selected: null, upgraded: false, expanded: false };

export function initialChoice(selected: string | null): AddOnChoice {
  return selected ? { selected, upgraded: false, expanded: true } : noChoice;
}

/**
 * VAS-011, VAS-012: checking selects and expands, unchecking clears (and, VAS-016, takes the upgrade
 * with it). VAS-014: checking the upgrade checks the main box if needed; VAS-015: unchecking it goes
 * back to the base plan. VAS-017: the option list's removeOffer clears, any other option selects.
 */
export function chooseAddOn(choice: AddOnChoice, event: AddOnChoiceEvent): AddOnChoice {
  switch (event.type) {
    case 'check':
      return { selected: event.serviceAsin, upgraded: false, expanded: true };
    case 'uncheck':
      return noChoice;
    case 'checkUpgrade':
      return { selected: choice.selected ?? event.serviceAsin, upgraded: true, expanded: true };
    case 'uncheckUpgrade':
      return { ...choice, upgraded: false };
    case 'selectOption':
      return event.value === REMOVE_OFFER
        ? noChoice
        : { selected: event.value, upgraded: false, expanded: true };
    case 'toggleDetails':
      return { ...choice, expanded: !choice.expanded };
  }
}

/** The service actually bought: the upgrade when it is chosen, else the selected service. */
export function boughtService(
  choice: AddOnChoice,
  upgradeOf: (serviceAsin: string) => string | null,
): string | null {
  if (!choice.selected) return null;
  return choice.upgraded ? (upgradeOf(choice.selected) ?? choice.selected) : choice.selected;
}

/**
 * The choices of a widget, one per service kind (decision 0041): a protection plan and installation are
 * chosen together, while services of one kind exclude each other (checking a second plan replaces the
 * first). Keyed by kind.
 */
export type AddOnChoices = Readonly<Record<string, AddOnChoice>>;

/** The kind's choice, or no choice. */
export const choiceOfKind = (choices: AddOnChoices, kind: string | undefined): AddOnChoice =>
  (kind ? choices[kind] : undefined) ?? noChoice;

/**
 * Applies an event to the choice of the kind of the service it names (`kindOf`). An option list
 * (`selectOption`) shows one choice across the services it lists, so it clears the other kinds.
 */
export function chooseAddOns(
  choices: AddOnChoices,
  event: AddOnChoiceEvent,
  kindOf: (serviceAsin: string) => string | undefined,
): AddOnChoices {
  if (event.type === 'selectOption') {
    const kind = kindOf(event.value);
    const cleared = Object.fromEntries(Object.keys(choices).map((k) => [k, noChoice]));
    return kind ? { ...cleared, [kind]: chooseAddOn(noChoice, event) } : cleared;
  }
  const asin = 'serviceAsin' in event ? event.serviceAsin : undefined;
  const kind = asin ? kindOf(asin) : Object.keys(choices).find((k) => choices[k]?.selected);
  if (!kind) return choices;
  return { ...choices, [kind]: chooseAddOn(choiceOfKind(choices, kind), event) };
}

/** The services bought across kinds, in the order of `kinds`. */
export function boughtServices(
  choices: AddOnChoices,
  kinds: readonly string[],
  upgradeOf: (serviceAsin: string) => string | null,
): string[] {
  return kinds.flatMap((kind) => {
    const bought = boughtService(choiceOfKind(choices, kind), upgradeOf);
    return bought ? [bought] : [];
  });
}
