import { useEffect, useId, useRef, useState } from 'react';
import {
  cadenceLabel,
  REPEAT_CADENCE_WEEKS,
  REPEAT_QUANTITIES,
  STAPLES_SUCCESS_FADE_MS,
} from '../../../domain/grocery/repeat-delivery';
import {
  DEFAULT_SELECTOR_FLAGS,
  quantityItems,
  type SelectorConfig,
} from '../../../domain/quantity/selector';
import { stepperDecrement, stepperIncrement } from '../../../domain/quantity/stepper';
import type { RepeatItemView } from '../../../shared/contracts/repeat-delivery';
import { signInUrl } from '../../../shared/sign-in-url';
import { addRepeatItem, skipRepeatDelivery, staplesEducation, updateRepeatItem } from '../../api/grocery-api';
import { Modal, Popover } from '../../ui/lazy-overlays';
import { QuantitySelector } from '../../ui/quantity/quantity-selector';
import { QuantityStepper } from '../../ui/quantity/quantity-stepper';
import { Spinner } from '../../ui/spinner';
import { usePhoneLayout } from '../../ui/use-phone-layout';
import { RepeatDeliverySummary } from './repeat-delivery-summary';

const REFTAG = 'dp_rd';

type Phase =
  | { kind: 'offer' }
  | { kind: 'adding' }
  | { kind: 'added'; item: RepeatItemView; html: string }
  | { kind: 'repeated'; item: RepeatItemView; html: string | null };

const quantityConfig: SelectorConfig = {
  selectedId: null,
  selectedQuantity: 0,
  previousSelectedId: null,
  stepperDebounceTime: 0,
  staticData: {},
  items: quantityItems([...REPEAT_QUANTITIES]),
  flags: { ...DEFAULT_SELECTOR_FLAGS, stepper: true },
};

const cadenceConfig = (weeks: number): SelectorConfig => ({
  selectedId: String(weeks),
  selectedQuantity: weeks,
  previousSelectedId: null,
  stepperDebounceTime: 0,
  staticData: {},
  items: quantityItems([...REPEAT_CADENCE_WEEKS], cadenceLabel),
  // A pick is the editor's draft at once: Save saves what the editor shows, Cancel drops it (no
  // separate Confirm step between the pick and Save).
  flags: { ...DEFAULT_SELECTOR_FLAGS, confirmationView: false, actionOnSelect: true },
});

// biome-ignore lint/security/noDangerouslySetInnerHtml: nextViewHtml is RepeatDeliverySummary rendered by the server.
const ServerView = ({ html }: { html: string }) => <div dangerouslySetInnerHTML={{ __html: html }} />;

/**
 * Repeat Delivery (STP-003..014): add (spinner in place of the button; success fades to the next view
 * after 1 s, an item already repeated replaces the view, a failure brings the button back with an error
 * modal), then edit quantity and cadence (the server computes the next drop date; failure or closing
 * without saving keeps the original) or skip the next delivery; and what Repeat Delivery is.
 */
export function RepeatDelivery({
  asin,
  signedIn,
  item,
  productPath,
}: {
  asin: string;
  signedIn: boolean;
  item: RepeatItemView | null;
  productPath: string;
}) {
  const [phase, setPhase] = useState<Phase>(
    item ? { kind: 'repeated', item, html: null } : { kind: 'offer' },
  );
  const [fadeIn, setFadeIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [learnMore, setLearnMore] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const infoRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const fadeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (fadeTimer.current) clearTimeout(fadeTimer.current);
    },
    [],
  );

  const add = async () => {
    setPhase({ kind: 'adding' });
    const result = await addRepeatItem(asin, REFTAG);
    if (!result.ok) {
      // STP-007/014: the button comes back, with the server's modal or a generic one.
      setPhase({ kind: 'offer' });
      setError(result.refusal?.errorModalHtml ?? '');
      return;
    }
    if (result.answer.addOperationStatus === 'ALREADY_REPEATED') {
      // STP-006: the view is replaced at once.
      setPhase({ kind: 'repeated', item: result.answer.item, html: result.answer.nextViewHtml });
      return;
    }
    // STP-004/005: a moment of "added", then the next view fades in after 1 s.
    setPhase({ kind: 'added', item: result.answer.item, html: result.answer.nextViewHtml });
    setFadeIn(false);
    fadeTimer.current = setTimeout(() => setFadeIn(true), STAPLES_SUCCESS_FADE_MS);
  };

  const current = phase.kind === 'added' || phase.kind === 'repeated' ? phase.item : null;
  const show = (next: RepeatItemView) => setPhase({ kind: 'repeated', item: next, html: null });

  return (
    <section className="repeat-delivery" aria-labelledby={headingId}>
      <h2 className="repeat-delivery__title" id={headingId}>
        Repeat Delivery{' '}
        <button
          ref={infoRef}
          type="button"
          className="repeat-delivery__info"
          aria-label="What is Repeat Delivery?"
          onClick={() => setLearnMore(true)}
        >
          <span aria-hidden="true">i</span>
        </button>
      </h2>
      {!signedIn ? (
        <a className="link-button" href={signInUrl(productPath)}>
          Sign in to set up Repeat Delivery
        </a>
      ) : phase.kind === 'offer' ? (
        <button type="button" className="button button--secondary button--wide" onClick={() => void add()}>
          Add to Repeat Delivery
        </button>
      ) : phase.kind === 'adding' ? (
        <Spinner label="Adding to Repeat Delivery" size={20} />
      ) : phase.kind === 'added' && !fadeIn ? (
        <p className="repeat-delivery__added" role="status">
          Added to Repeat Delivery
        </p>
      ) : current ? (
        <div
          className={
            phase.kind === 'added'
              ? 'repeat-delivery__view repeat-delivery__view--fade'
              : 'repeat-delivery__view'
          }
          data-testid="repeat-view"
        >
          {(phase.kind === 'added' || phase.kind === 'repeated') && phase.html ? (
            <ServerView html={phase.html} />
          ) : (
            <RepeatDeliverySummary item={current} />
          )}
          <div className="repeat-delivery__actions">
            <button ref={editRef} type="button" className="link-button" onClick={() => setEditing(true)}>
              Edit quantity or frequency
            </button>
            <button
              type="button"
              className="link-button"
              onClick={async () => {
                const result = await skipRepeatDelivery(asin, REFTAG);
                if (result.ok) {
                  show(result.answer.item);
                  setNotice(`Skipped. Next delivery: ${result.answer.renderableNextDropDate}`);
                } else setError(result.refusal?.errorModalHtml ?? '');
              }}
            >
              Skip next delivery
            </button>
          </div>
          {notice ? (
            <p className="repeat-delivery__notice" role="status">
              {notice}
            </p>
          ) : null}
        </div>
      ) : null}
      {current && editing ? (
        <RepeatEditor
          item={current}
          anchorRef={editRef}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            setEditing(false);
            show(next);
            setNotice(null);
          }}
        />
      ) : null}
      <RepeatEducation open={learnMore} anchorRef={infoRef} onClose={() => setLearnMore(false)} />
      <Modal
        open={error !== null}
        onClose={() => setError(null)}
        title="Repeat Delivery was not changed"
        footer={
          <button type="button" className="button button--primary" onClick={() => setError(null)}>
            OK
          </button>
        }
      >
        {error ? <ServerView html={error} /> : <p>Something went wrong. Please try again.</p>}
      </Modal>
    </section>
  );
}

/** STP-008..010: quantity and cadence, saved together; closing without saving keeps the original. */
function RepeatEditor({
  item,
  anchorRef,
  onClose,
  onSaved,
}: {
  item: RepeatItemView;
  anchorRef: React.RefObject<HTMLElement | null>;
  onClose: () => void;
  onSaved: (item: RepeatItemView) => void;
}) {
  const phone = usePhoneLayout();
  const [quantity, setQuantity] = useState(item.quantity);
  const [cadence, setCadence] = useState(item.cadenceWeeks);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const limits = { min: REPEAT_QUANTITIES[0], max: REPEAT_QUANTITIES[REPEAT_QUANTITIES.length - 1] ?? 12 };
  const step = (direction: 'up' | 'down') => {
    const state = { selectedId: String(quantity), quantity };
    const outcome =
      direction === 'up' ? stepperIncrement(quantityConfig, state) : stepperDecrement(quantityConfig, state);
    if (!outcome.cleared) setQuantity(outcome.state.quantity);
  };
  const save = async () => {
    setSaving(true);
    setFailed(false);
    const result = await updateRepeatItem(
      { asin: item.asin, unit: item.unit, quantity, cadenceWeeks: cadence },
      REFTAG,
    );
    setSaving(false);
    if (result.ok) {
      onSaved(result.answer.item);
      return;
    }
    // STP-009: the original quantity and cadence come back.
    setQuantity(item.quantity);
    setCadence(item.cadenceWeeks);
    setFailed(true);
  };
  return (
    <Popover
      open
      onClose={onClose}
      anchorRef={anchorRef}
      title="Edit Repeat Delivery"
      width={phone ? 320 : 360}
    >
      <div className="repeat-editor">
        <p className="repeat-editor__label">Quantity ({item.unit})</p>
        <QuantityStepper
          quantity={quantity}
          limits={limits}
          itemLabel={`${item.unit} per delivery`}
          onIncrement={() => step('up')}
          onDecrement={() => step('down')}
          removable={false}
        />
        <QuantitySelector
          key={cadence}
          config={cadenceConfig(cadence)}
          label="Deliver:"
          presentation="inline"
          onSelect={(choice, confirmed) => {
            if (choice && confirmed) setCadence(choice.quantity);
          }}
        />
        {saving ? <Spinner label="Saving" /> : null}
        {failed ? (
          <p className="alert alert--error" role="alert">
            Your Repeat Delivery was not changed. Please try again.
          </p>
        ) : null}
        <div className="repeat-editor__buttons">
          <button
            type="button"
            className="button button--primary"
            aria-disabled={saving || undefined}
            onClick={() => !saving && void save()}
          >
            Save
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </Popover>
  );
}

/** STP-013: what Repeat Delivery is, loaded when first asked for, with the link to manage it. */
type StaplesEducation = Extract<Awaited<ReturnType<typeof staplesEducation>>, { ok: true }>['answer'];

function RepeatEducation({
  open,
  anchorRef,
  onClose,
}: {
  open: boolean;
  anchorRef: React.RefObject<HTMLElement | null>;
  onClose: () => void;
}) {
  const [content, setContent] = useState<StaplesEducation | null | 'loading'>('loading');
  useEffect(() => {
    if (!open || content !== 'loading') return;
    // Without its content the popover still says what Repeat Delivery is.
    void staplesEducation().then((result) => setContent(result.ok ? result.answer : null));
  }, [open, content]);
  return (
    <Popover open={open} onClose={onClose} anchorRef={anchorRef} title="About Repeat Delivery" width={320}>
      {content === 'loading' ? (
        <Spinner label="Loading" />
      ) : content === null ? (
        <p>Repeat Delivery brings your staples on a schedule you choose.</p>
      ) : (
        <div className="repeat-education">
          {content.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <a href={content.learnMoreManageStaplesLink}>Learn more and manage your Repeat Delivery</a>
        </div>
      )}
    </Popover>
  );
}
