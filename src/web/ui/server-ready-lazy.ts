import { type ComponentType, createElement, type LazyExoticComponent, lazy, Suspense } from 'react';

/**
 * A component kept out of the page's first-load script that still renders in full on the server: the
 * server awaits `load()` before it renders, so `Component` resolves at once there (and in a browser
 * that already has the chunk); elsewhere it suspends until the chunk is in. Inside a `<Suspense>`, the
 * server's markup stays on screen meanwhile and hydrates when the code arrives.
 */
export function serverReadyLazy<P extends object>(
  importComponent: () => Promise<ComponentType<P>>,
): { Component: LazyExoticComponent<ComponentType<P>>; load: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | null = null;
  const load = async () => {
    loaded ??= await importComponent();
    return loaded;
  };
  const Component = lazy(() => {
    const component = loaded;
    if (component) {
      return {
        // biome-ignore lint/suspicious/noThenProperty: a thenable that resolves at once is what lets lazy() render synchronously.
        then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve({ default: component }),
      } as Promise<{ default: ComponentType<P> }>;
    }
    return load().then((c) => ({ default: c }));
  });
  return { Component, load };
}

/**
 * A `serverReadyLazy` part as a slot: `Slot` renders it inside its own `<Suspense>` with no fallback
 * (the page loads the chunk before it hydrates a page that shows the part, so nothing is ever shown in
 * its place).
 */
export function serverReadySlot<P extends object>(
  importComponent: () => Promise<ComponentType<P>>,
): { Slot: (props: P) => ReturnType<typeof createElement>; load: () => Promise<ComponentType<P>> } {
  const { Component, load } = serverReadyLazy(importComponent);
  const Slot = (props: P) =>
    createElement(Suspense, { fallback: null }, createElement(Component as ComponentType<P>, props));
  return { Slot, load };
}
