import { type StepperLimits, stepperControls } from '../../../domain/quantity/stepper';
import { Spinner } from '../spinner';

export type QuantityStepperProps = {
  quantity: number;
  limits: StepperLimits;
  /** A request is running: both buttons refuse presses and a spinner shows (SL-005). */
  busy?: boolean;
  /** What is counted, for the buttons' names ("Organic Bananas"). */
  itemLabel: string;
  onIncrement: () => void;
  onDecrement: () => void;
  /** Text after the number ("in cart"). */
  suffix?: string;
  /** Plus stays disabled though the quantity is under the maximum (a slider error at its maximum, SL-008). */
  incrementDisabled?: boolean;
  /** False where zero means nothing (an editor): minus stops at the minimum instead of becoming a trash icon. */
  removable?: boolean;
};

function TrashIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6 1h4l.5 1H14v1.5H2V2h3.5L6 1Zm-3 4h10l-.8 9.2c-.05.5-.45.8-.95.8h-6.5c-.5 0-.9-.3-.95-.8L3 5Zm3 1.5v6h1v-6H6Zm3 0v6h1v-6H9Z"
      />
    </svg>
  );
}

/**
 * Minus, the quantity and plus (QS-006..012, SL-001). At the minimum, minus is a trash icon that empties
 * the line; at the maximum plus is disabled. Buttons that refuse presses stay focusable
 * (`aria-disabled`), so a keyboard user pressing again keeps their place.
 */
export function QuantityStepper({
  quantity,
  limits,
  busy = false,
  itemLabel,
  onIncrement,
  onDecrement,
  suffix,
  incrementDisabled = false,
  removable = true,
}: QuantityStepperProps) {
  const controls = stepperControls(quantity, limits);
  const plusOff = busy || controls.incrementDisabled || incrementDisabled;
  const trash = controls.decrement === 'trash' && removable;
  const minusOff = busy || (controls.decrement === 'trash' && !removable);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons and a live number; a fieldset would need a form.
    <div className="qty-stepper" role="group" aria-label={`Quantity of ${itemLabel}`} aria-busy={busy}>
      <button
        type="button"
        className={trash ? 'qty-stepper__button qty-stepper__button--trash' : 'qty-stepper__button'}
        aria-label={trash ? `Delete ${itemLabel}` : 'Decrease quantity'}
        aria-disabled={minusOff || undefined}
        onClick={() => {
          if (!minusOff) onDecrement();
        }}
      >
        {trash ? <TrashIcon /> : <span aria-hidden="true">−</span>}
      </button>
      <output className="qty-stepper__value" aria-live="polite">
        {busy ? <Spinner label="Updating quantity" size={14} /> : null}
        <span className="qty-stepper__number">{quantity}</span>
        {suffix ? <span className="qty-stepper__suffix"> {suffix}</span> : null}
      </output>
      <button
        type="button"
        className="qty-stepper__button"
        aria-label="Increase quantity"
        aria-disabled={plusOff || undefined}
        onClick={() => {
          if (!plusOff) onIncrement();
        }}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
