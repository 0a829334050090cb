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
  | { type: 'uncheck' }
  | { type: 'checkUpgrade'; serviceAsin: string }
  | { type: 'uncheckUpgrade' }
  | { type: 'selectOption'; value: string }
  | { type: 'toggleDetails' };

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
