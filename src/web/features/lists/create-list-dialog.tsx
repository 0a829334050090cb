import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { CreateForm } from '../../../shared/contracts/lists';
import { IDEA_LIST_FAILED_TEXT, LIST_UI } from '../../../shared/list-constants';
import { createList, fetchCreateForm, type ListResult } from '../../api/lists-api';
import { BottomSheet, Popover } from '../../ui/lazy-overlays';
import { Spinner } from '../../ui/spinner';
import { usePhoneLayout } from '../../ui/use-phone-layout';
import { whileBusy } from '../../ui/while-busy';

const INGRESS = 'dp-atwl';

type Props = {
  open: boolean;
  onClose: () => void;
  asin: string;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
};

type Stage =
  | { kind: 'loading' }
  | { kind: 'form'; form: CreateForm }
  | { kind: 'submitting'; form: CreateForm }
  | { kind: 'failed'; message: string };

/** The failure's message: the answer's, else for an idea list the spec's text (LIST-038). */
function failureText(result: ListResult<unknown>, idea: boolean): string {
  const refusal = result.ok ? null : result.refusal;
  const message = refusal && 'error' in refusal && refusal.error ? refusal.error.message : '';
  if (idea) return message || IDEA_LIST_FAILED_TEXT;
  return message || 'We could not create your list. Try again.';
}

/**
 * LIST-001, LIST-012..016, LIST-036, LIST-038, LIST-041..043: create a list from the product page. A
 * bottom sheet on a phone (325 high, 580 with more options), a popover on a desktop (430 high). The
 * form loads (20 s); an empty name gets the error style until typed in; Enter does not submit from the
 * name; a spinner while it is created (10 s); then the browser goes to the new list, or the error
 * section opens, and closing it reloads the page.
 */
export function CreateListDialog({ open, onClose, asin, returnFocusRef }: Props) {
  const phone = usePhoneLayout();
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState(false);
  const [more, setMore] = useState(false);
  const [idea, setIdea] = useState(false);
  const [privacy, setPrivacy] = useState<'private' | 'public'>('private');
  const nameRef = useRef<HTMLInputElement>(null);
  const ids = useId();

  useEffect(() => {
    if (!open) return;
    let current = true;
    setStage({ kind: 'loading' });
    void fetchCreateForm(INGRESS).then((result) => {
      if (!current) return;
      if (!result.ok && result.refusal && 'authUrl' in result.refusal && result.refusal.authUrl) {
        window.location.assign(result.refusal.authUrl);
        return;
      }
      if (result.ok && !result.answer.hasError) {
        setName(result.answer.suggestedName);
        setStage({ kind: 'form', form: result.answer });
      } else {
        console.error(`[fatal] create-list form failed to load: ${result.status}`);
        setStage({ kind: 'failed', message: 'We could not load the create-list form.' });
      }
    });
    return () => {
      current = false;
    };
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (stage.kind !== 'form') return;
    if (!name.trim()) {
      setNameError(true);
      nameRef.current?.focus();
      return;
    }
    setStage({ kind: 'submitting', form: stage.form });
    const result = await createList(
      {
        listName: name.trim(),
        asin,
        privacyStatus: privacy,
        listType: 'wishlist',
        persistence: 'persistent',
        createIngressName: INGRESS,
        isHearts: false,
        sourceVendorId: 'dp',
        relatedRequestID: crypto.randomUUID(),
      },
      idea,
    );
    if (result.ok && !result.answer.hasError && result.answer.listUrl) {
      window.location.assign(result.answer.listUrl);
      return;
    }
    if (!result.ok && result.refusal && 'authUrl' in result.refusal && result.refusal.authUrl) {
      window.location.assign(result.refusal.authUrl);
      return;
    }
    console.error(`[fatal] create list failed: ${result.status}`);
    setStage({ kind: 'failed', message: failureText(result, idea) });
  };

  // LIST-013: closing the error section reloads the page.
  const close = stage.kind === 'failed' ? () => window.location.reload() : onClose;

  const body =
    stage.kind === 'loading' ? (
      <Spinner label="Loading the form" />
    ) : stage.kind === 'failed' ? (
      <div className="atwl-create__failed" role="alert">
        <p>{stage.message}</p>
        <button type="button" className="button button--secondary button--small" onClick={close}>
          Close
        </button>
      </div>
    ) : (
      <form className="atwl-create__form" aria-label="New list" onSubmit={submit} noValidate>
        <label className="field" htmlFor={`${ids}-name`}>
          <span>List name</span>
          <input
            ref={nameRef}
            id={`${ids}-name`}
            className={nameError ? 'is-error' : undefined}
            value={name}
            maxLength={stage.form.nameMaxLength}
            aria-invalid={nameError}
            aria-describedby={nameError ? `${ids}-problem` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(false);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
        </label>
        {nameError ? (
          <p id={`${ids}-problem`} className="field__problem">
            Enter a list name.
          </p>
        ) : null}
        <button type="button" className="link-button" aria-expanded={more} onClick={() => setMore(!more)}>
          {more ? 'Fewer options' : 'More options'}
        </button>
        {more ? (
          <>
            <fieldset className="atwl-create__choice">
              <legend>Kind of list</legend>
              <label>
                <input type="radio" name="kind" checked={!idea} onChange={() => setIdea(false)} /> Wish list
              </label>
              <label>
                <input type="radio" name="kind" checked={idea} onChange={() => setIdea(true)} /> Idea list
              </label>
            </fieldset>
            <fieldset className="atwl-create__choice">
              <legend>Privacy</legend>
              <label>
                <input
                  type="radio"
                  name="privacy"
                  checked={privacy === 'private'}
                  onChange={() => setPrivacy('private')}
                />{' '}
                Private
              </label>
              <label>
                <input
                  type="radio"
                  name="privacy"
                  checked={privacy === 'public'}
                  onChange={() => setPrivacy('public')}
                />{' '}
                Public
              </label>
            </fieldset>
          </>
        ) : null}
        <button type="submit" className="button button--primary" {...whileBusy(stage.kind === 'submitting')}>
          {stage.kind === 'submitting' ? <Spinner label="Creating your list" /> : 'Create list'}
        </button>
      </form>
    );

  if (phone) {
    return (
      <BottomSheet
        open={open}
        onClose={close}
        title="Create a list"
        height={more ? LIST_UI.expandedHeight : LIST_UI.bottomSheetHeight}
        returnFocusRef={returnFocusRef}
        dialogId="atwl-create"
      >
        {body}
      </BottomSheet>
    );
  }
  return (
    <Popover open={open} onClose={close} anchorRef={returnFocusRef} title="Create a list" id="atwl-create">
      <div className="atwl-create" style={{ height: LIST_UI.popoverHeight }}>
        {body}
      </div>
    </Popover>
  );
}
