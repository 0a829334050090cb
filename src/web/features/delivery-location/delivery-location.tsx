import { useEffect, useId, useRef, useState } from 'react';
import { locationPromptOpens } from '../../../domain/buy-box/buy-box-constants';
import { isUsZip } from '../../../domain/checkout/postal-code';
import { dismissLocationPrompt, saveDeliveryZip } from '../../api/delivery-api';
import { Modal } from '../../ui/lazy-overlays';

/**
 * "Deliver to": shows the delivery ZIP and lets the shopper change it. The prompt opens by itself only
 * when the shopper has no location yet, has not dismissed it, and is on a desktop (DP-005).
 */
export function DeliveryLocation({ zip, eligible }: { zip: string | null; eligible: boolean }) {
  const [current, setCurrent] = useState(zip);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(zip ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), problem: useId() };

  useEffect(() => {
    const desktop = window.matchMedia('(min-width: 900px) and (pointer: fine)').matches;
    if (locationPromptOpens({ eligible, device: desktop ? 'desktop' : 'mobile' })) setOpen(true);
  }, [eligible]);

  const close = () => {
    setOpen(false);
    if (!current) dismissLocationPrompt();
  };
  const apply = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!isUsZip(value)) {
      setProblem('Enter a valid 5-digit US ZIP code.');
      return;
    }
    setSaving(true);
    const saved = await saveDeliveryZip(value.trim());
    setSaving(false);
    if (saved === null) {
      setProblem('We could not save your location. Please try again.');
      return;
    }
    setCurrent(saved);
    setProblem(null);
    setOpen(false);
  };

  return (
    <>
      <button className="deliver-to" type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <svg className="deliver-to__pin" aria-hidden="true" viewBox="0 0 12 16" width="10" height="14">
          <path
            d="M6 0a6 6 0 0 0-6 6c0 4.5 6 10 6 10s6-5.5 6-10a6 6 0 0 0-6-6zm0 8.5A2.5 2.5 0 1 1 6 3.5a2.5 2.5 0 0 1 0 5z"
            fill="currentColor"
          />
        </svg>
        {current ? `Deliver to ${current}` : 'Choose your delivery location'}
      </button>
      <Modal open={open} onClose={close} title="Choose your location" initialFocusRef={input}>
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
            <button className="button button--secondary" type="submit" disabled={saving} aria-busy={saving}>
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
    </>
  );
}
