import { type RefObject, useEffect, useState } from 'react';
import { requestCountLabel, requestCountOptions } from '../../../domain/registries/registry-rules';
import type {
  DpxAddView,
  PostAddStatus,
  RecommendationResponse,
  RegistryListItem,
  RegistryTagsResponse,
  WeddingModalView,
} from '../../../shared/contracts/registries';
import {
  BABY_LANDING_PATH,
  GIFT_TAG_MODAL_WIDTH,
  ITEM_ALREADY_EXIST,
  REGISTRY_MESSAGES,
  REQUEST_COUNT_MAX,
  REQUEST_COUNT_SHOWN_MAX,
  WEDDING_NO_SIGN_IN_PATH,
} from '../../../shared/registry-constants';
import {
  addToBabyRegistry,
  addToRegistry,
  addToWeddingRegistry,
  closeBabyPanel,
  fetchBabyRecommendations,
  fetchDpxAdd,
  fetchRegistries,
  fetchRegistryTags,
  fetchWeddingModal,
  manageBabyItem,
} from '../../api/registries-api';
import { Alert } from '../../ui/alert';
import { Modal } from '../../ui/modal';
import { Popover } from '../../ui/popover';
import { Spinner } from '../../ui/spinner';
import { whileBusy } from '../../ui/while-busy';

type Step =
  | { step: 'list' }
  | { step: 'baby'; result: 'success' | 'duplicate'; status: PostAddStatus }
  | { step: 'wedding'; registry: RegistryListItem }
  | { step: 'gift-tag'; registry: RegistryListItem };

export type RegistryDialogProps = {
  asin: string;
  sessionId: string;
  anchorRef: RefObject<HTMLElement | null>;
  onClose: () => void;
};

/** Leaves the page for another of ours (a failed baby add, a signed-out wedding add). */
const go = (path: string) => window.location.assign(path);

/**
 * The add-to-registry flow (REG-001, REG-005..016, REG-032..034): the shopper's registries in a
 * dropdown, then the baby post-add panel, the wedding modal or the gift-tag modal (800 wide).
 */
export function RegistryDialog({ asin, sessionId, anchorRef, onClose }: RegistryDialogProps) {
  const [step, setStep] = useState<Step>({ step: 'list' });
  const [adding, setAdding] = useState(false);
  const choose = async (registry: RegistryListItem) => {
    if (registry.type === 'wedding') return setStep({ step: 'wedding', registry });
    if (registry.type !== 'baby') return setStep({ step: 'gift-tag', registry });
    setAdding(true);
    const added = await addToBabyRegistry(asin, sessionId);
    setAdding(false);
    // REG-012: a failed baby add goes to the baby registry's landing page.
    if (!added.ok || added.answer.result === 'failure' || !added.answer.status)
      return go(`${BABY_LANDING_PATH}?error=add`);
    setStep({ step: 'baby', result: added.answer.result, status: added.answer.status });
  };
  if (step.step === 'baby')
    return (
      <BabyPanel
        asin={asin}
        sessionId={sessionId}
        result={step.result}
        first={step.status}
        onClose={onClose}
      />
    );
  if (step.step === 'wedding') return <WeddingModal asin={asin} registry={step.registry} onClose={onClose} />;
  if (step.step === 'gift-tag')
    return <GiftTagModal asin={asin} registry={step.registry} onClose={onClose} />;
  return (
    <RegistryList asin={asin} anchorRef={anchorRef} onClose={onClose} onChoose={choose} adding={adding} />
  );
}

type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

function useLoaded<T>(
  load: () => Promise<{ ok: true; answer: T } | { ok: false; status: number }>,
  key: string,
) {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per key (the asin or registry).
  useEffect(() => {
    let current = true;
    void load().then((result) => {
      if (current) setLoaded(result.ok ? { state: 'ready', value: result.answer } : { state: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [key]);
  return loaded;
}

function RegistryList({
  asin,
  anchorRef,
  onClose,
  onChoose,
  adding,
}: {
  asin: string;
  anchorRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  onChoose: (registry: RegistryListItem) => void;
  adding: boolean;
}) {
  const loaded = useLoaded(() => fetchRegistries(asin), asin);
  return (
    <Popover
      open
      onClose={onClose}
      anchorRef={anchorRef}
      title="Add to registry"
      width={320}
      id="registry-list"
    >
      {loaded.state === 'loading' || adding ? <Spinner label="Loading your registries" /> : null}
      {/* REG-034: the list call failed. */}
      {loaded.state === 'failed' ? <Alert kind="error" title={REGISTRY_MESSAGES.listError} /> : null}
      {loaded.state === 'ready' && !adding ? (
        <ul className="registry-list">
          {loaded.value.result.map((registry) => (
            <li key={registry.id}>
              <button type="button" className="registry-list__item" onClick={() => onChoose(registry)}>
                <img src={registry.imageUrl} alt="" width={40} height={40} />
                <span>
                  <span className="registry-list__name">{registry.name}</span>
                  <span className="registry-list__type">
                    {registry.typeText}
                    {registry.containsAsin ? ' · Already added' : ''}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Popover>
  );
}

/** REG-005, REG-006, REG-009..011, REG-013, REG-015: the baby registry's post-add panel. */
function BabyPanel({
  asin,
  sessionId,
  result,
  first,
  onClose,
}: {
  asin: string;
  sessionId: string;
  result: 'success' | 'duplicate';
  first: PostAddStatus;
  onClose: () => void;
}) {
  const [status, setStatus] = useState(first);
  const [saving, setSaving] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [typing, setTyping] = useState(first.itemRequestedCount > REQUEST_COUNT_SHOWN_MAX);
  const [typed, setTyped] = useState(String(first.itemRequestedCount));
  const close = () => {
    closeBabyPanel(asin);
    onClose();
  };
  const save = async (flag: Parameters<typeof manageBabyItem>[0], value: boolean | number) => {
    if (saving === flag) return;
    setSaving(flag);
    setProblem(null);
    const saved = await manageBabyItem(flag, asin, value);
    setSaving(null);
    if (saved.ok) setStatus(saved.answer);
    else setProblem('Your change was not saved. Please try again.');
  };
  const toggles = [
    { flag: 'must-have', label: 'Must have', has: status.hasMustHave, on: status.isMustHaveItem },
    {
      flag: 'group-gifting',
      label: 'Group gifting',
      has: status.hasGroupGifting,
      on: status.isGroupGiftingItem,
    },
    { flag: 'private', label: 'Private', has: status.hasPrivate, on: status.isPrivateItem },
  ] as const;
  const count = status.itemRequestedCount;
  return (
    <Modal
      open
      onClose={close}
      title={result === 'success' ? REGISTRY_MESSAGES.babySuccess : REGISTRY_MESSAGES.babyDuplicate}
    >
      <div className="baby-panel">
        <Alert
          kind={result === 'success' ? 'success' : 'info'}
          title={result === 'success' ? REGISTRY_MESSAGES.babySuccess : REGISTRY_MESSAGES.babyDuplicate}
        />
        <div className="baby-panel__head">
          <img src={status.newAddedItemImgUrl} alt="Added item" width={96} height={96} />
          <div>
            <p>
              <a href={status.checklistLink}>{`Checklist ${status.checklistPercent}% complete`}</a>
            </p>
            <p>
              <a href={status.registryLink}>View your Baby Registry</a>
            </p>
          </div>
        </div>
        <fieldset className="baby-panel__toggles">
          <legend>Manage this item</legend>
          {toggles
            .filter((t) => t.has)
            .map((t) => (
              <label key={t.flag} className="baby-panel__toggle">
                <input
                  type="checkbox"
                  checked={t.on}
                  {...whileBusy(saving === t.flag)}
                  onChange={(event) => void save(t.flag, event.currentTarget.checked)}
                />
                {t.label}
              </label>
            ))}
          {status.hasGroupGifting ? (
            <a href={status.helpInfoLinkGroupGifting} className="baby-panel__help">
              What is group gifting?
            </a>
          ) : null}
        </fieldset>
        <div className="baby-panel__quantity">
          <label htmlFor="baby-request-count">Requested</label>
          <select
            id="baby-request-count"
            value={count > REQUEST_COUNT_SHOWN_MAX || typing ? 'more' : String(count)}
            {...whileBusy(saving === 'request-quantity')}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (value === 'more') return setTyping(true);
              setTyping(false);
              void save('request-quantity', Number(value));
            }}
          >
            {requestCountOptions(count).map((option) => (
              <option key={option.label} value={option.label === '10+' ? 'more' : String(option.value)}>
                {option.label}
              </option>
            ))}
          </select>
          {typing ? (
            <form
              className="baby-panel__more"
              onSubmit={(event) => {
                event.preventDefault();
                const value = Number(typed);
                if (Number.isInteger(value) && value > 0 && value <= REQUEST_COUNT_MAX)
                  void save('request-quantity', value);
                else setProblem(`Enter a number from 1 to ${REQUEST_COUNT_MAX}.`);
              }}
            >
              <label htmlFor="baby-request-more">How many</label>
              <input
                id="baby-request-more"
                inputMode="numeric"
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
              />
              <button type="submit" className="button button--secondary">
                Save
              </button>
            </form>
          ) : null}
          <span
            className="baby-panel__count"
            aria-live="polite"
          >{`${requestCountLabel(count)} requested`}</span>
        </div>
        {problem ? <Alert kind="error" title={problem} /> : null}
        <SimilarItems asin={asin} sessionId={sessionId} />
      </div>
    </Modal>
  );
}

type SimilarState = 'idle' | 'adding' | 'added' | 'exists' | 'error';

/** REG-013, REG-015: items like this one, each added with its own button. */
function SimilarItems({ asin, sessionId }: { asin: string; sessionId: string }) {
  const loaded = useLoaded<RecommendationResponse>(() => fetchBabyRecommendations(asin), asin);
  const [states, setStates] = useState<Record<string, SimilarState>>({});
  if (loaded.state !== 'ready' || loaded.value.recommendations.length === 0) return null;
  const add = async (item: { asin: string; inRegistry: boolean }) => {
    // REG-015: an item already there is not sent again.
    if (item.inRegistry) return setStates((s) => ({ ...s, [item.asin]: 'exists' }));
    if (states[item.asin] === 'adding') return;
    setStates((s) => ({ ...s, [item.asin]: 'adding' }));
    const added = await addToBabyRegistry(item.asin, sessionId);
    const state: SimilarState = !added.ok
      ? 'error'
      : added.answer.result === 'success'
        ? 'added'
        : added.answer.result === 'duplicate'
          ? 'exists'
          : 'error';
    setStates((s) => ({ ...s, [item.asin]: state }));
  };
  const message = {
    added: REGISTRY_MESSAGES.similarAdded,
    exists: REGISTRY_MESSAGES.similarExists,
    error: REGISTRY_MESSAGES.similarError,
  };
  return (
    <section className="baby-panel__similar" aria-labelledby="baby-similar-heading">
      <h3 id="baby-similar-heading">Similar items</h3>
      <ul>
        {loaded.value.recommendations.map((item) => {
          const state = states[item.asin] ?? 'idle';
          return (
            <li key={item.asin}>
              <img src={item.imageUrl} alt="" width={48} height={48} />
              <span className="baby-panel__similar-title">{item.title}</span>
              {state === 'idle' || state === 'adding' ? (
                <button
                  type="button"
                  className="button button--secondary"
                  {...whileBusy(state === 'adding')}
                  onClick={() => void add(item)}
                  aria-label={`Add ${item.title} to registry`}
                >
                  Add to registry
                </button>
              ) : (
                <span role="status" className={`baby-panel__similar-${state}`}>
                  {message[state]}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** REG-016, REG-019, REG-020, REG-032, REG-033: the wedding modal. */
function WeddingModal({
  asin,
  registry,
  onClose,
}: {
  asin: string;
  registry: RegistryListItem;
  onClose: () => void;
}) {
  const loaded = useLoaded<WeddingModalView>(() => fetchWeddingModal(asin), asin);
  const [quantity, setQuantity] = useState(1);
  const [outcome, setOutcome] = useState<'idle' | 'adding' | 'added' | 'exists' | 'error'>('idle');
  useEffect(() => {
    if (loaded.state === 'ready' && !loaded.value.signedIn) go(WEDDING_NO_SIGN_IN_PATH);
  }, [loaded]);
  const add = async () => {
    if (outcome === 'adding') return;
    setOutcome('adding');
    const added = await addToWeddingRegistry(registry.id, asin, quantity);
    if (added.ok) return setOutcome('added');
    // REG-016: signed out (401), or a session that ended under the page (its token refused, 403).
    if (added.status === 401 || added.status === 403) return go(WEDDING_NO_SIGN_IN_PATH);
    setOutcome(added.refusal?.error.code === ITEM_ALREADY_EXIST ? 'exists' : 'error');
  };
  return (
    <Modal open onClose={onClose} title={`Add to ${registry.name}`} width={GIFT_TAG_MODAL_WIDTH}>
      {loaded.state === 'loading' ? <Spinner label="Loading" /> : null}
      {loaded.state === 'failed' ? <Alert kind="error" title={REGISTRY_MESSAGES.weddingError} /> : null}
      {loaded.state === 'ready' ? (
        <div className="registry-modal">
          <ProductLine product={loaded.value.product} />
          {outcome === 'added' ? <Alert kind="success" title={REGISTRY_MESSAGES.weddingAdded} /> : null}
          {outcome === 'exists' ? <Alert kind="info" title={REGISTRY_MESSAGES.weddingExists} /> : null}
          {outcome === 'error' ? <Alert kind="error" title={REGISTRY_MESSAGES.weddingError} /> : null}
          {outcome !== 'added' && outcome !== 'exists' ? (
            <QuantityAndAdd
              quantity={quantity}
              onQuantity={setQuantity}
              onAdd={add}
              busy={outcome === 'adding'}
              label="Add to wedding registry"
            />
          ) : (
            <a href={loaded.value.registry?.link ?? registry.id}>View your wedding registry</a>
          )}
        </div>
      ) : null}
    </Modal>
  );
}

/** REG-007, REG-018, REG-021, REG-022: the gift-tag modal (800 wide) of a general registry. */
function GiftTagModal({
  asin,
  registry,
  onClose,
}: {
  asin: string;
  registry: RegistryListItem;
  onClose: () => void;
}) {
  const loaded = useLoaded<{ view: DpxAddView; tags: RegistryTagsResponse }>(async () => {
    const [view, tags] = await Promise.all([
      fetchDpxAdd(registry.type, registry.id, asin),
      fetchRegistryTags(registry.type, registry.id),
    ]);
    if (!view.ok) return view;
    if (!tags.ok) return tags;
    return { ok: true as const, answer: { view: view.answer, tags: tags.answer } };
  }, `${registry.id}-${asin}`);
  const [quantity, setQuantity] = useState(1);
  const [outcome, setOutcome] = useState<'idle' | 'adding' | 'added' | 'exists' | 'error'>('idle');
  const add = async () => {
    if (outcome === 'adding') return;
    setOutcome('adding');
    const added = await addToRegistry(registry, asin, quantity);
    setOutcome(!added.ok ? 'error' : added.answer.result === 'success' ? 'added' : 'exists');
  };
  const width = loaded.state === 'ready' ? loaded.value.tags.modalWidth : GIFT_TAG_MODAL_WIDTH;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Add to ${registry.name}`}
      width={width}
      dialogId="registry-gift-tag-modal"
    >
      {loaded.state === 'loading' ? <Spinner label="Loading" /> : null}
      {loaded.state === 'failed' ? <Alert kind="error" title={REGISTRY_MESSAGES.weddingError} /> : null}
      {loaded.state === 'ready' ? (
        <div className="registry-modal">
          <ProductLine product={loaded.value.view.product} />
          <ul className="registry-modal__tags" aria-label="Gift tags">
            {loaded.value.tags.tags.map((tag) => (
              <li key={tag.id}>{`${tag.label} (${tag.itemCount})`}</li>
            ))}
          </ul>
          {outcome === 'added' ? <Alert kind="success" title={REGISTRY_MESSAGES.added} /> : null}
          {outcome === 'exists' || (outcome === 'idle' && loaded.value.view.inRegistry) ? (
            <Alert kind="info" title={REGISTRY_MESSAGES.similarExists} />
          ) : null}
          {outcome === 'error' ? <Alert kind="error" title={REGISTRY_MESSAGES.weddingError} /> : null}
          {outcome === 'added' || outcome === 'exists' || loaded.value.view.inRegistry ? (
            <a href={loaded.value.view.registryLink}>{`View ${registry.typeText}`}</a>
          ) : (
            <QuantityAndAdd
              quantity={quantity}
              onQuantity={setQuantity}
              onAdd={add}
              busy={outcome === 'adding'}
              label={`Add to ${registry.typeText}`}
            />
          )}
        </div>
      ) : null}
    </Modal>
  );
}

function ProductLine({
  product,
}: {
  product: { title: string; imageUrl: string; price: { displayString: string } | null };
}) {
  return (
    <div className="registry-modal__product">
      <img src={product.imageUrl} alt="" width={72} height={72} />
      <span>{product.title}</span>
      {product.price ? <strong>{product.price.displayString}</strong> : null}
    </div>
  );
}

function QuantityAndAdd(props: {
  quantity: number;
  onQuantity: (n: number) => void;
  onAdd: () => void;
  busy: boolean;
  label: string;
}) {
  return (
    <div className="registry-modal__add">
      <label htmlFor="registry-add-quantity">Requested</label>
      <select
        id="registry-add-quantity"
        value={props.quantity}
        onChange={(e) => props.onQuantity(Number(e.currentTarget.value))}
      >
        {Array.from({ length: REQUEST_COUNT_SHOWN_MAX }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--primary"
        {...whileBusy(props.busy)}
        onClick={props.onAdd}
      >
        {props.label}
      </button>
    </div>
  );
}
