// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ComponentType, useRef, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { BottomSheet } from './bottom-sheet';
import { Modal } from './modal';
import type { OverlayDialogProps } from './overlay-dialog';
import { SideSheet } from './side-sheet';

afterEach(cleanup);

type OverlayComponent = ComponentType<OverlayDialogProps>;

const overlays: [string, OverlayComponent][] = [
  ['Modal', Modal],
  ['SideSheet', SideSheet],
  ['BottomSheet', BottomSheet],
];

function Harness({ Overlay, onClose }: { Overlay: OverlayComponent; onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Gift options
      </button>
      <Overlay
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Add a gift note"
        footer={<button type="button">Save</button>}
      >
        <label>
          Note <input />
        </label>
        <button type="button" disabled>
          Unavailable
        </button>
        <button type="button" tabIndex={-1}>
          Skipped
        </button>
      </Overlay>
    </>
  );
}

function WithInitialFocus({ Overlay }: { Overlay: OverlayComponent }) {
  const noteRef = useRef<HTMLInputElement>(null);
  return (
    <Overlay open onClose={() => {}} title="Note" initialFocusRef={noteRef}>
      <input aria-label="Note text" ref={noteRef} />
    </Overlay>
  );
}

describe.each(overlays)('%s', (_name, Overlay) => {
  function openIt() {
    const onClose = vi.fn();
    render(<Harness Overlay={Overlay} onClose={onClose} />);
    const trigger = screen.getByRole('button', { name: 'Gift options' });
    trigger.focus();
    fireEvent.click(trigger);
    return { onClose, trigger, dialog: screen.getByRole('dialog', { name: 'Add a gift note' }) };
  }

  const tab = (shiftKey = false) =>
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });

  test('closed renders nothing', () => {
    render(<Harness Overlay={Overlay} onClose={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('.ui-overlay')).toBeNull();
  });

  test('opens as a modal dialog named by its visible title, portalled into the body', () => {
    const { dialog } = openIt();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'Add a gift note',
    );
    expect(dialog.parentElement?.parentElement).toBe(document.body);
  });

  test('focus moves inside, onto the first tabbable element (the Close button)', () => {
    const { dialog } = openIt();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  test('Tab and Shift+Tab cycle inside, skipping disabled and tabindex=-1 elements', () => {
    openIt();
    const close = screen.getByRole('button', { name: 'Close' });
    const note = screen.getByRole('textbox', { name: 'Note' });
    const save = screen.getByRole('button', { name: 'Save' });
    tab();
    expect(document.activeElement).toBe(note);
    tab();
    expect(document.activeElement).toBe(save);
    tab();
    expect(document.activeElement).toBe(close);
    tab(true);
    expect(document.activeElement).toBe(save);
    tab(true);
    expect(document.activeElement).toBe(note);
  });

  test('Escape calls onClose and focus returns to the trigger', () => {
    const { onClose, trigger } = openIt();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  test('the Close button closes and gives focus back', () => {
    const { onClose, trigger } = openIt();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(trigger);
  });

  test('a press on the backdrop closes; a press inside does not', () => {
    const { onClose, dialog } = openIt();
    fireEvent.pointerDown(screen.getByRole('textbox', { name: 'Note' }));
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = dialog.previousElementSibling;
    expect(backdrop?.className).toBe('ui-backdrop');
    fireEvent.pointerDown(backdrop as Element);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('focuses initialFocusRef instead of the first tabbable element', () => {
    render(<WithInitialFocus Overlay={Overlay} />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note text' }));
  });

  test('labelledBy names the dialog by another element', () => {
    render(
      <Overlay open onClose={vi.fn()} title="Trade-in" labelledBy="custom-heading">
        <p id="custom-heading">Trade in your old device</p>
      </Overlay>,
    );
    expect(screen.getByRole('dialog', { name: 'Trade in your old device' })).toBeTruthy();
  });

  test('the page behind does not scroll while open', () => {
    const { onClose } = openIt();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
    expect(document.body.style.overflow).toBe('');
  });

  test('renders nothing on the server, open or closed, without throwing', () => {
    const html = (open: boolean) =>
      renderToString(
        <Overlay open={open} onClose={() => {}} title="Server">
          <p>Body</p>
        </Overlay>,
      );
    expect(html(false)).toBe('');
    expect(html(true)).toBe('');
  });

  test('DP-013 the overlay fades over 150 ms', () => {
    const { dialog } = openIt();
    expect(dialog.parentElement?.style.getPropertyValue('--ui-fade')).toBe('150ms');
  });
});
