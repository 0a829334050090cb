import { useId } from 'react';

export type SpinnerProps = {
  /** What is loading, read by screen readers; not shown. */
  label?: string;
  /** Diameter in px. */
  size?: number;
};

/** A spinning ring announced politely as a status; spins slower under prefers-reduced-motion. */
export function Spinner({ label = 'Loading', size = 16 }: SpinnerProps) {
  const labelId = useId();
  return (
    <span role="status" aria-labelledby={labelId} className="ui-spinner">
      <span className="ui-spinner__ring" aria-hidden="true" style={{ width: size, height: size }} />
      <span id={labelId} className="visually-hidden">
        {label}
      </span>
    </span>
  );
}
