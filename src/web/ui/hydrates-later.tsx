import { type ComponentType, memo, Suspense, useEffect } from 'react';
import { replayEarlyInput } from './early-input';
import { serverReadyLazy } from './server-ready-lazy';

// `<html data-hydrated="true">` says every control on the page answers through its script (browser
// tests wait for it). It is set once the root has hydrated and every part hydrating after it has too.
const partsWaiting = new Set<string>();
let rootHydrated = false;
/** What each part still waiting does once it has hydrated, or once its chunk has failed to load. */
const settleParts = new Map<string, () => void>();

/**
 * Runs `then` in a task of its own, after the renders already queued (React's scheduler queues its
 * work the same way, by a message). Not a timer: a page whose clock is paused (a test's) still runs it.
 */
function inATaskAfterRenders(then: () => void) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    then();
  };
  channel.port2.postMessage(null);
}

function markWhenAllHydrated() {
  if (!rootHydrated || partsWaiting.size > 0) return;
  // A task later, after the renders that hydration's own effects start: the fields changed while the
  // script was on its way get their values back (early-input.ts), then the page is marked.
  inATaskAfterRenders(() => {
    replayEarlyInput();
    document.documentElement.dataset.hydrated = 'true';
  });
}

/** The root has committed its hydration (the parts hydrating later may still be on their way). */
export function markRootHydrated(): void {
  rootHydrated = true;
  markWhenAllHydrated();
}

/** Mounted with the part's own code, so its effect runs in the commit that hydrates the part. */
function PartHydrated({ name }: { name: string }) {
  useEffect(() => {
    const settle = settleParts.get(name);
    partsWaiting.delete(name);
    markWhenAllHydrated();
    // A held press is replayed after the fields have been given back (the task queued just now).
    if (settle) inATaskAfterRenders(settle);
  }, [name]);
  return null;
}

// A chunk that cannot load leaves the part as the server rendered it (its plain forms work without
// the script), rather than throwing into the boundary, which would drop the server's markup.
const never = new Promise<never>(() => undefined);

/**
 * What a shopper sees while a press waits for the part's code: a spinner and "One moment…", announced
 * to screen readers. It is added to the document's body, outside the React root, so the part's server
 * markup, which React is about to hydrate, stays exactly as the server sent it.
 */
function heldPressNotice(): HTMLElement {
  const notice = document.createElement('div');
  notice.className = 'held-press';
  notice.setAttribute('role', 'status');
  const spinner = document.createElement('span');
  spinner.className = 'spinner';
  spinner.setAttribute('aria-hidden', 'true');
  notice.append(spinner, 'One moment…');
  return notice;
}

/**
 * Holds a form submission inside `within` until the part has hydrated, then replays it with the same
 * button (`requestSubmit`), so the part's own code handles it; if the chunk cannot load, the replay
 * posts the plain form. Without this the browser would post the plain form at once: React stops a
 * press on a part that has not hydrated yet, but not the form's own submission. One press is held: a
 * second one while the code is on its way is the same press.
 */
function holdSubmits(within: string): () => void {
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  let notice: HTMLElement | null = null;
  const hold = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.closest(within)) return;
    event.preventDefault();
    held ??= { form, submitter: event.submitter };
    notice ??= document.body.appendChild(heldPressNotice());
  };
  document.addEventListener('submit', hold, true);
  return () => {
    document.removeEventListener('submit', hold, true);
    notice?.remove();
    const press = held;
    held = null;
    if (!press?.form.isConnected) return;
    if (press.submitter?.isConnected) press.form.requestSubmit(press.submitter);
    else press.form.requestSubmit();
  };
}

/**
 * A part of the page that the server renders in full and the browser hydrates after the rest of the
 * page, once its chunk is in (React keeps its server markup meanwhile: a dehydrated `<Suspense>`).
 *
 * Such a boundary must not receive an update before its code arrives: React would then drop the
 * server's markup for the fallback (decision 0026). `Slot` is therefore memoised: give it props that
 * stay the same objects for the page's lifetime (page data, state setters) and read no context.
 *
 * `start()` requests the chunk without waiting for it (the root hydrates meanwhile) and holds the
 * document's hydrated marker until the part has hydrated; `load()` is for the server, and for a page
 * that waits for the part before hydrating.
 */
export function hydratesLater<P extends object>(
  name: string,
  importComponent: () => Promise<ComponentType<P>>,
) {
  const part = serverReadyLazy(() =>
    typeof document === 'undefined'
      ? importComponent()
      : importComponent().catch(() => {
          settleParts.get(name)?.();
          return never;
        }),
  );
  const PartComponent = part.Component as unknown as ComponentType<P>;
  const Slot = memo(function HydratesLater(props: P) {
    return (
      <Suspense fallback={null}>
        <PartComponent {...props} />
        <PartHydrated name={name} />
      </Suspense>
    );
  });
  /** `holdSubmitsWithin`: a selector for the part's forms, whose submissions wait for its code. */
  const start = ({ holdSubmitsWithin }: { holdSubmitsWithin?: string } = {}) => {
    partsWaiting.add(name);
    const release = holdSubmitsWithin ? holdSubmits(holdSubmitsWithin) : () => undefined;
    settleParts.set(name, () => {
      settleParts.delete(name);
      release();
    });
    void part.load();
  };
  return { Slot, load: part.load, start };
}
