// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { tabbableIn, useFocusTrap } from './use-focus-trap';

afterEach(cleanup);

function Trap({ label, onClose, children }: { label: string; onClose: () => void; children: ReactNode }) {
  const ref = useFocusTrap<HTMLDivElement>(true, { onClose });
  return (
    <div ref={ref} role="dialog" aria-label={label} tabIndex={-1}>
      {children}
    </div>
  );
}

const press = (key: string, shiftKey = false) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key, shiftKey });

test('tabbableIn skips disabled, hidden, inert and tabindex=-1 elements, and keeps one stop per radio group', () => {
  document.body.innerHTML = `
    <div id="box">
      <button>One</button>
      <button disabled>Off</button>
      <a href="/x">Link</a>
      <a>No href</a>
      <span tabindex="-1">Minus</span>
      <span tabindex="0">Zero</span>
      <div hidden><button>Hidden</button></div>
      <div inert><button>Inert</button></div>
      <fieldset disabled><input aria-label="In disabled fieldset" /></fieldset>
      <input type="hidden" />
      <input type="radio" name="size" value="s" aria-label="S" />
      <input type="radio" name="size" value="m" aria-label="M" checked />
      <input type="radio" name="color" value="red" aria-label="Red" />
      <input type="radio" name="color" value="blue" aria-label="Blue" />
    </div>`;
  const box = document.getElementById('box') as HTMLElement;
  expect(tabbableIn(box).map((element) => element.textContent || element.getAttribute('aria-label'))).toEqual(
    ['One', 'Link', 'Zero', 'M', 'Red'],
  );
  document.body.innerHTML = '';
});

test('with nothing tabbable inside, focus stays on the container', () => {
  render(
    <Trap label="Info" onClose={vi.fn()}>
      <p>Nothing to press</p>
    </Trap>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Info' });
  expect(document.activeElement).toBe(dialog);
  press('Tab');
  expect(document.activeElement).toBe(dialog);
});

test('Tab from outside the container brings focus back inside', () => {
  render(
    <>
      <button type="button">Outside</button>
      <Trap label="Trap" onClose={vi.fn()}>
        <button type="button">Inside</button>
      </Trap>
    </>,
  );
  screen.getByRole('button', { name: 'Outside' }).focus();
  press('Tab');
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
});

function Nested({ outerClose, innerClose }: { outerClose: () => void; innerClose: () => void }) {
  const [inner, setInner] = useState(true);
  return (
    <Trap label="Outer" onClose={outerClose}>
      <button type="button">Outer button</button>
      {inner ? (
        <Trap
          label="Inner"
          onClose={() => {
            innerClose();
            setInner(false);
          }}
        >
          <button type="button">Inner A</button>
          <button type="button">Inner B</button>
        </Trap>
      ) : null}
    </Trap>
  );
}

test('only the innermost of nested traps answers Escape and Tab', () => {
  const outerClose = vi.fn();
  const innerClose = vi.fn();
  render(<Nested outerClose={outerClose} innerClose={innerClose} />);
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inner A' }));
  press('Tab');
  press('Tab');
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inner A' }));
  press('Escape');
  expect(innerClose).toHaveBeenCalledTimes(1);
  expect(outerClose).not.toHaveBeenCalled();
  press('Escape');
  expect(outerClose).toHaveBeenCalledTimes(1);
});

test('an Escape already handled inside (defaultPrevented) does not close', () => {
  const onClose = vi.fn();
  render(
    <Trap label="Trap" onClose={onClose}>
      <input aria-label="Search" onKeyDown={(event) => event.key === 'Escape' && event.preventDefault()} />
    </Trap>,
  );
  press('Escape');
  expect(onClose).not.toHaveBeenCalled();
});

function TriggerAndTrap() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Trigger
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Elsewhere
      </button>
      {open ? (
        <Trap label="Trap" onClose={() => setOpen(false)}>
          <button type="button">Inside</button>
        </Trap>
      ) : null}
    </>
  );
}

test('on deactivation focus does not jump back when the shopper already moved it elsewhere', () => {
  render(<TriggerAndTrap />);
  const trigger = screen.getByRole('button', { name: 'Trigger' });
  trigger.focus();
  fireEvent.click(trigger);
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
  const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
  elsewhere.focus();
  fireEvent.click(elsewhere);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(elsewhere);
});
