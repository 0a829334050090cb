import { type RefObject, useEffect, useRef, useState } from 'react';
import type { ListSummary } from '../../../shared/contracts/lists';
import { LIST_UI } from '../../../shared/list-constants';
import { addItemToList, fetchLists, type ListResult } from '../../api/lists-api';
import { Popover } from '../../ui/lazy-overlays';
import { Spinner } from '../../ui/spinner';
import { CreateListDialog } from './create-list-dialog';

/** A press on the split button: its main part (add to the default list) or its arrow (the lists). */
export type ListPress = { action: 'add' | 'open'; n: number };

export type ListWidgetProps = {
  press: ListPress;
  asin: string;
  arrowRef: RefObject<HTMLButtonElement | null>;
};

/** The page to come back to after sign-in (LIST-025). */
const here = () => `${window.location.pathname}${window.location.search}`;

type Inline =
  | { kind: 'idle' }
  | { kind: 'adding' }
  | { kind: 'added'; listName: string; listUrl: string }
  | { kind: 'error'; message: string };

/** LIST-022: the asin comes from the page's buy box form when it has one, else from the button's own. */
function pageAsin(fallback: string): string {
  return document.querySelector<HTMLInputElement>('.buy-box__form input[name="ASIN"]')?.value || fallback;
}

/** The refusal's message, or what a shopper can act on when the store was not reached. */
function messageOf(result: ListResult<unknown>): string {
  if (!result.ok && result.refusal && 'error' in result.refusal && result.refusal.error)
    return result.refusal.error.message;
  return result.status === 0
    ? 'We could not reach your lists. Check your connection and try again.'
    : 'Something went wrong. Try again.';
}

/** LIST-025: a signed-out answer sends the shopper to sign in; the add completes on the way back. */
function followSignIn(result: ListResult<unknown>): boolean {
  if (result.ok || !result.refusal || !('authRequired' in result.refusal)) return false;
  const { authRequired, authUrl } = result.refusal;
  if (!authRequired || !authUrl) return false;
  window.location.assign(authUrl);
  return true;
}

/**
 * The add-to-list widget once its code is in: the add to the default list with its inline
 * confirmation (LIST-003) or error (LIST-040), the dropdown of the shopper's lists (230 wide,
 * LIST-044) with its error or unavailable holder after repeated failures (LIST-039), and the
 * create-list sheet or popover (LIST-001).
 */
export function AddToListWidget({ press, asin, arrowRef }: ListWidgetProps) {
  // The arrow says whether its dropdown is open (the server-rendered button leaves that to this code).
  const onExpanded = (open: boolean) => arrowRef.current?.setAttribute('aria-expanded', String(open));
  const [inline, setInline] = useState<Inline>({ kind: 'idle' });
  const [open, setOpen] = useState(false);
  const [lists, setLists] = useState<ListSummary[] | null>(null);
  const [failures, setFailures] = useState(0);
  const [lastStatus, setLastStatus] = useState(200);
  const [creating, setCreating] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);

  const add = async (listExternalId?: string) => {
    setOpen(false);
    onExpanded(false);
    setInline({ kind: 'adding' });
    const result = await addItemToList({
      asin: pageAsin(asin),
      quantity: 1,
      returnTo: here(),
      ...(listExternalId ? { listExternalId } : {}),
    });
    if (followSignIn(result)) return;
    if (result.ok && result.answer.listUrl && result.answer.listName) {
      setFailures(0);
      setInline({ kind: 'added', listName: result.answer.listName, listUrl: result.answer.listUrl });
    } else {
      setFailures((n) => n + 1);
      setLastStatus(result.status);
      setInline({ kind: 'error', message: messageOf(result) });
    }
  };

  const openLists = async () => {
    setOpen(true);
    onExpanded(true);
    const result = await fetchLists();
    if (followSignIn(result)) return;
    if (result.ok) {
      setFailures(0);
      setLists(result.answer.lists);
    } else {
      setFailures((n) => n + 1);
      setLastStatus(result.status);
    }
  };

  // Each press of the server-rendered button reaches the widget as a new `press`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per press, not when the handlers change.
  useEffect(() => {
    if (press.action === 'add') void add();
    else void openLists();
  }, [press.n]);

  const close = () => {
    setOpen(false);
    onExpanded(false);
  };
  const holder = failures >= LIST_UI.failuresBeforeHolder && lists === null;

  return (
    <>
      <div ref={statusRef} className="atwl__status" role="status">
        {inline.kind === 'adding' ? <Spinner label="Adding to your list" /> : null}
        {inline.kind === 'added' ? (
          <p className="atwl__added">
            {`Added to ${inline.listName}. `}
            <a href={inline.listUrl}>View your list</a>
          </p>
        ) : null}
      </div>
      {inline.kind === 'error' ? (
        <p className="atwl__error" role="alert">
          {inline.message}
        </p>
      ) : null}
      <Popover
        open={open}
        onClose={close}
        anchorRef={arrowRef}
        width={LIST_UI.dropdownWidth}
        title="Add to a list"
        id="atwl-dropdown"
      >
        {holder ? (
          lastStatus === 0 || lastStatus >= 500 ? (
            <p className="atwl__holder atwl__holder--unavailable">
              Lists are unavailable right now. Try again later.
            </p>
          ) : (
            <p className="atwl__holder atwl__holder--error">We could not load your lists.</p>
          )
        ) : lists === null ? (
          failures > 0 ? (
            <div className="atwl__holder">
              <p>We could not load your lists.</p>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => void openLists()}
              >
                Try again
              </button>
            </div>
          ) : (
            <Spinner label="Loading your lists" />
          )
        ) : (
          <ul className="atwl__lists">
            {lists.map((list) => (
              <li key={list.listExternalId}>
                <button type="button" className="atwl__list" onClick={() => void add(list.listExternalId)}>
                  <span className="atwl__list-name">{list.name}</span>
                  <span className="atwl__list-meta">
                    {`${list.privacy === 'public' ? 'Public' : 'Private'} · ${list.itemCount} ${list.itemCount === 1 ? 'item' : 'items'}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="button button--secondary button--small atwl__create"
          onClick={() => {
            close();
            setCreating(true);
          }}
        >
          Create a list
        </button>
      </Popover>
      <CreateListDialog
        open={creating}
        onClose={() => setCreating(false)}
        asin={pageAsin(asin)}
        returnFocusRef={arrowRef}
      />
    </>
  );
}
