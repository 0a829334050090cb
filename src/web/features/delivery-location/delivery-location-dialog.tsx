import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { isUsZip } from '../../../domain/checkout/postal-code';
import { dismissLocationPrompt, saveDeliveryZip } from '../../api/delivery-api';
import { Modal } from '../../ui/modal';
import { subscribeToOverlayLayers } from '../../ui/use-focus-trap';
import { whileBusy } from '../../ui/while-busy';

const DIALOG_ID = 'delivery-location-dialog';

/** Whether a modal dialog other than the location dialog is open (a sheet, the offers overlay…). */
const anotherDialogOpen = () =>
  Array.from(document.querySelectorAll('[role="dialog"][aria-modal="true"]')).some((d) => d.id !== DIALOG_ID);

/**
 * The "Choose your location" dialog (DP-005): takes a US ZIP and saves it; closing it without a
 * location dismisses the prompt for later visits. Its own chunk, loaded when it first opens.
 */
export function DeliveryLocationDialog({
  open,
  current,
  onSaved,
  onClose,
  prompted,
  onGiveWay,
  returnFocusRef,
}: {
  open: boolean;
  current: string | null;
  /** Opened by the page, not the shopper (DP-005): it gives way to any other overlay (decision 0046). */
  prompted: boolean;
  /** Another overlay is open: the prompt closes without counting as a dismissal. */
  onGiveWay: () => void;
  /** The "Deliver to" button: focus goes back to it on close, even when the prompt opened by itself. */
  returnFocusRef: RefObject<HTMLElement | null>;
  onSaved: (zip: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState(current ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), problem: useId() };

  // One overlay at a time: a prompt that would sit under a sheet or overlay is not shown (nor dismissed;
  // it asks again on a later visit).
  useEffect(() => {
    if (!prompted || !open) return;
    const giveWay = () => {
      if (anotherDialogOpen()) onGiveWay();
    };
    giveWay();
    return subscribeToOverlayLayers(giveWay);
  }, [prompted, open, onGiveWay]);

  const close = () => {
    onClose();
    if (!current) dismissLocationPrompt();
  };
  const apply = async (event: React.FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!isUsZip(value)) {
      setProblem('Enter a valid 5-digit US ZIP code.');
      return;
    }
    setSaving(true);
    const saved = await saveDeliveryZip(value.trim());
    setSaving(false);
    if (!saved.ok || saved.answer.zip === null) {
      setProblem('We could not save your location. Please try again.');
      return;
    }
    setProblem(null);
    onSaved(saved.answer.zip);
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Choose your location"
      initialFocusRef={input}
      returnFocusRef={returnFocusRef}
      dialogId={DIALOG_ID}
    >
      <p>Delivery options and delivery speeds may vary for different locations.</p>
      <form className="deliver-to__form" onSubmit={(event) => void apply(event)} noValidate>
        <label htmlFor={ids.input} className="field__label">
          ZIP code
        </label>
        <div className="deliver-to__row">
          <input
            ref={input}
            id={ids.input}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            value={value}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? ids.problem : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
          <button
            className="button button--secondary"
            type="submit"
            {...whileBusy(saving)}
            aria-busy={saving}
          >
            {saving ? 'Saving…' : 'Apply'}
          </button>
        </div>
        {problem ? (
          <p className="field__problem" id={ids.problem} role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
