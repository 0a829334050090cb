import { useId } from 'react';

export type SpinnerProps = {
  /** What is loading, read by screen readers; not shown. */
  label?: string;
  /** Diameter in px (one of the sizes ui.css draws: no inline style, the page's policy allows none). */
  size?: 14 | 16 | 20 | 22 | 24;
};

/** A spinning ring announced politely as a status; spins slower under prefers-reduced-motion. */
export function Spinner({ label = 'Loading', size = 16 }: SpinnerProps) {
  const labelId = useId();
  return (
    <span role="status" aria-labelledby={labelId} className="ui-spinner">
      <span className={`ui-spinner__ring ui-spinner__ring--${size}`} aria-hidden="true" />
      <span id={labelId} className="visually-hidden">
        {label}
      </span>
    </span>
  );
}
