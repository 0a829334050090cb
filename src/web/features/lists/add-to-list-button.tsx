import { type ComponentType, type MouseEvent, useRef, useState } from 'react';
import { ADD_ITEM_TO_LIST_PATH } from '../../../shared/list-add-path';
import type { ListPress, ListWidgetProps } from './add-to-list-widget';

type Props = { asin: string; csrfToken: string };
type Pressed = { Widget: ComponentType<ListWidgetProps>; press: ListPress };

let widget: Promise<ComponentType<ListWidgetProps>> | null = null;

/**
 * LIST-002, LIST-044: the add-to-list split button under the buy box. Server-rendered as a plain form
 * (without script it posts the add, quantity 1, and comes back to the page); its code is only this:
 * the dropdown, the confirmation and the create-list sheet load on the first press, warmed at
 * pointer-down or focus (decision 0061). The widget keeps the arrow's `aria-expanded`.
 */
export function AddToListButton({ asin, csrfToken }: Props) {
  const [pressed, setPressed] = useState<Pressed | null>(null);
  const arrowRef = useRef<HTMLButtonElement>(null);
  const warm = () => {
    widget ??= import('./add-to-list-widget').then((m) => m.AddToListWidget);
    return widget;
  };
  const act = (action: ListPress['action']) => (event: MouseEvent) => {
    event.preventDefault();
    void warm().then((Widget) =>
      setPressed((last) => ({ Widget, press: { action, n: (last?.press.n ?? 0) + 1 } })),
    );
  };
  return (
    <div className="atwl">
      {/* biome-ignore lint/a11y/noNoninteractiveElementInteractions: pointer-down and focus only fetch the list code ahead of a press; the buttons are what is operated. */}
      <form
        className="atwl__split"
        method="post"
        action={ADD_ITEM_TO_LIST_PATH}
        onPointerDown={warm}
        onFocus={warm}
      >
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="asin" value={asin} />
        <button type="submit" className="atwl__main" onClick={act('add')}>
          Add to List
        </button>
        <button
          ref={arrowRef}
          type="button"
          className="atwl__arrow"
          aria-label="Choose a list"
          aria-haspopup="dialog"
          onClick={act('open')}
        >
          ▾
        </button>
      </form>
      {pressed ? <pressed.Widget press={pressed.press} asin={asin} arrowRef={arrowRef} /> : null}
    </div>
  );
}
