export type SpinnerProps = {
  /** What is loading, read by screen readers; not shown. */
  label?: string;
  /** Diameter in px. */
  size?: number;
};

/** A spinning ring announced politely as a status; spins slower under prefers-reduced-motion. */
export function Spinner({ label = 'Loading', size = 16 }: SpinnerProps) {
  return (
    <span role="status" className="ui-spinner">
      <span className="ui-spinner__ring" aria-hidden="true" style={{ width: size, height: size }} />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
