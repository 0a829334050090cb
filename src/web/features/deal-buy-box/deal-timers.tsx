import { useId } from 'react';
import type { DealView } from '../../../domain/deals/deal-view';

/** How long the claimed units stay held in the cart, or how long the waitlist stays open. */
export function DealHoldTimer({ view }: { view: DealView }) {
  return (
    <>
      {view.holdTimer ? (
        <p className="deal-box__timer">
          {view.header === 'in-cart' ? 'Held in your cart for ' : 'Waitlist open for '}
          <span role="timer" aria-label={view.holdTimer.spoken} className="deal-box__clock">
            {view.holdTimer.text}
          </span>
        </p>
      ) : null}
    </>
  );
}

/** The countdowns to the deal's start and to its end (highlighted as the end nears). */
export function DealCountdowns({ view }: { view: DealView }) {
  return (
    <>
      {view.startCountdown ? (
        <p className="deal-box__countdown">
          Starts in{' '}
          <span role="timer" aria-label={view.startCountdown.spoken} className="deal-box__clock">
            {view.startCountdown.text}
          </span>
        </p>
      ) : null}
      {view.endCountdown ? (
        <p
          className={`deal-box__countdown${view.endCountdown.highlighted ? ' deal-box__countdown--ending' : ''}`}
          data-ending={view.endCountdown.highlighted}
        >
          Ends in{' '}
          <span role="timer" aria-label={view.endCountdown.spoken} className="deal-box__clock">
            {view.endCountdown.text}
          </span>
        </p>
      ) : null}
    </>
  );
}

/** How much of the deal is claimed, with its message. */
export function DealProgress({ view }: { view: DealView }) {
  const ids = { progress: useId() };
  return (
    <>
      {view.progress ? (
        <div className="deal-box__progress">
          <div
            className="deal-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={view.progress.percent}
            aria-labelledby={ids.progress}
          >
            {/* An SVG bar: its width is an attribute, where a style attribute is refused by the page's policy. */}
            <svg
              className="deal-progress__bar"
              viewBox="0 0 100 1"
              preserveAspectRatio="none"
              aria-hidden="true"
            >
              <rect className="deal-progress__fill" width={view.progress.percent} height="1" />
            </svg>
          </div>
          <p
            id={ids.progress}
            className={`deal-progress__message deal-progress__message--${view.progress.tone}`}
            data-tone={view.progress.tone}
          >
            {view.progress.message}
          </p>
        </div>
      ) : null}
    </>
  );
}
