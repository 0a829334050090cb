import { useEffect, useId, useRef, useState } from 'react';
import {
  featureBulletsChanged,
  featureBulletsExpander,
  type FeatureBullets as State,
} from '../../../domain/buy-box/buy-box-constants';

/**
 * "About this item": collapsed to a box; the expander shows only when the bullets are taller than the box
 * (DP-003), toggles them (DP-002), and moving the pointer away while expanded collapses them (DP-004).
 */
export function FeatureBullets({ bullets }: { bullets: string[] }) {
  const [state, setState] = useState<State>('collapsed');
  const [needed, setNeeded] = useState(true);
  const box = useRef<HTMLDivElement>(null);
  const listId = useId();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    setNeeded(featureBulletsExpander(element.scrollHeight, element.clientHeight));
    // Pointer-only nicety; the toggle button does the same for keyboard and screen reader users.
    const hoverAway = () => setState((s) => featureBulletsChanged(s, 'hover-away'));
    element.addEventListener('mouseleave', hoverAway);
    return () => element.removeEventListener('mouseleave', hoverAway);
  }, []);
  if (bullets.length === 0) return null;
  return (
    <section
      className="feature-bullets"
      id="feature-bullets"
      aria-labelledby={`${listId}-heading`}
      tabIndex={-1}
    >
      <h2 id={`${listId}-heading`}>About this item</h2>
      <div
        ref={box}
        id={listId}
        className={
          needed && state === 'collapsed'
            ? 'feature-bullets__box feature-bullets__box--collapsed'
            : 'feature-bullets__box'
        }
      >
        <ul>
          {bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      </div>
      {needed ? (
        <button
          className="link-button feature-bullets__toggle"
          type="button"
          aria-expanded={state === 'expanded'}
          aria-controls={listId}
          onClick={() => setState((s) => featureBulletsChanged(s, 'toggle'))}
        >
          {state === 'expanded' ? 'See less' : 'See more product details'}
        </button>
      ) : null}
    </section>
  );
}
