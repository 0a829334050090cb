import type { SliderModel } from '../../../domain/quantity/slider';
import { Spinner } from '../spinner';
import { QuantityStepper } from './quantity-stepper';
import { type SliderAnswer, type SliderSend, useQuantitySlider } from './use-quantity-slider';

export type QuantitySliderProps = {
  model: SliderModel;
  send: SliderSend;
  debounceMs: number;
  itemLabel: string;
  addLabel?: string;
  onAnswer?: (answer: SliderAnswer, target: number) => void;
};

/**
 * SL-003/004: the add button while the cart does not hold the item, plus and minus once it does. The
 * page gives it the call that talks to the cart (`send`), so the slider itself knows no endpoint.
 */
export function QuantitySlider({
  model,
  send,
  debounceMs,
  itemLabel,
  addLabel = 'Add to Cart',
  onAnswer,
}: QuantitySliderProps) {
  const slider = useQuantitySlider(model, send, { debounceMs, ...(onAnswer ? { onAnswer } : {}) });
  const { view } = slider;
  if (view.mode === 'add') {
    return (
      <button
        type="button"
        className="button button--cart button--wide qty-slider__add"
        aria-disabled={view.busy || undefined}
        onClick={() => {
          if (!view.busy) slider.add();
        }}
      >
        {view.busy ? <Spinner label="Adding" /> : null}
        {addLabel}
      </button>
    );
  }
  return (
    <QuantityStepper
      quantity={view.shownQuantity}
      limits={{ min: model.minOrderQuantity, max: model.maxOrderQuantity }}
      busy={view.busy}
      itemLabel={itemLabel}
      incrementDisabled={view.plusDisabled}
      onIncrement={slider.plus}
      onDecrement={slider.minus}
      suffix="in cart"
    />
  );
}
