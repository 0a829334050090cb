// @vitest-environment happy-dom
import { act, type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type PartProps = { label: string };
function Part({ label }: PartProps) {
  return (
    <form className="box" onSubmit={(event) => event.preventDefault()}>
      <button type="submit">{label}</button>
    </form>
  );
}

/** The server's markup of a page with the part: a fresh module, loaded before rendering as the server does. */
async function serverMarkup() {
  vi.resetModules();
  const { hydratesLater } = await import('./hydrates-later');
  const part = hydratesLater('part', () => Promise.resolve(Part));
  await part.load();
  return renderToString(
    <div>
      <p>0</p>
      <part.Slot label="Add" />
    </div>,
  );
}

/** A fresh `hydratesLater` part (module state reset) whose code arrives when `arrive` is called. */
async function partWaitingForItsCode() {
  vi.resetModules();
  const { hydratesLater, markRootHydrated } = await import('./hydrates-later');
  let arrived: (component: ComponentType<PartProps>) => void = () => undefined;
  const part = hydratesLater(
    'part',
    () =>
      new Promise<ComponentType<PartProps>>((resolve) => {
        arrived = resolve;
      }),
  );
  return { part, markRootHydrated, arrive: (component: ComponentType<PartProps>) => arrived(component) };
}

afterEach(() => {
  delete document.documentElement.dataset.hydrated;
  document.body.innerHTML = '';
});

test('the part keeps its server markup through a page update before its code arrives, and the page is marked hydrated only once it has hydrated', async () => {
  const html = await serverMarkup();
  const { part, markRootHydrated, arrive } = await partWaitingForItsCode();
  let bump: (n: number) => void = () => undefined;
  function Page() {
    const [count, setCount] = useState(0);
    bump = setCount;
    return (
      <div>
        <p>{count}</p>
        <part.Slot label="Add" />
      </div>
    );
  }
  // What the entry's MarkHydrated does.
  function Root({ children }: { children: ReactNode }) {
    useEffect(markRootHydrated, []);
    return children;
  }
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const button = container.querySelector('button');
  part.start();
  await act(async () => {
    hydrateRoot(
      container,
      <Root>
        <Page />
      </Root>,
    );
  });
  expect(document.documentElement.dataset.hydrated).toBeUndefined();
  await act(async () => bump(1));
  expect(container.querySelector('p')?.textContent).toBe('1');
  // Still the server's node: not replaced by a fallback.
  expect(container.querySelector('button')).toBe(button);
  await act(async () => arrive(Part));
  expect(container.querySelector('button')).toBe(button);
  // The marker is set a task later (after the fields changed early are given back).
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(document.documentElement.dataset.hydrated).toBe('true');
});

test('a submission inside the part before it has hydrated is held, then replayed with the same button', async () => {
  const html = await serverMarkup();
  const { part, markRootHydrated, arrive } = await partWaitingForItsCode();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const form = container.querySelector('form') as HTMLFormElement;
  const button = container.querySelector('button') as HTMLButtonElement;
  const submitted: (HTMLElement | null)[] = [];
  const defaultPrevented: boolean[] = [];
  form.addEventListener('submit', (event) => {
    submitted.push(event.submitter);
    defaultPrevented.push(event.defaultPrevented);
    event.preventDefault();
  });
  part.start({ holdSubmitsWithin: '.box' });
  await act(async () => {
    hydrateRoot(
      container,
      <div>
        <p>0</p>
        <part.Slot label="Add" />
      </div>,
    );
  });
  markRootHydrated();
  form.requestSubmit(button);
  expect(defaultPrevented).toEqual([true]);
  // While it waits, a notice outside the root says so (the part's markup is left as the server sent it).
  const notice = document.querySelector('.held-press[role="status"]');
  expect(notice?.textContent).toBe('One moment…');
  expect(container.contains(notice)).toBe(false);
  await act(async () => arrive(Part));
  // The held press goes after the commit that hydrated the part (a task later).
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(submitted).toEqual([button, button]);
  expect(document.querySelector('.held-press')).toBeNull();
  // The replay is not held again.
  expect(defaultPrevented).toEqual([true, false]);
});
