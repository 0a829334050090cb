import { lazy, Suspense } from 'react';
import { VAS_TIMINGS } from '../../../shared/add-on-services-constants';
import { usePopoverTrigger } from '../../ui/use-popover-trigger';

// The popover's code loads when the badge is first pressed.
const Popover = lazy(() => import('../../ui/popover').then((m) => ({ default: m.Popover })));

/** VAS-007, VAS-048: the top-choice badge; its popover keeps to its trigger at most every 500 ms. */
export function TopChoiceBadge({ title }: { title: string }) {
  const { open, triggerProps, popoverProps } = usePopoverTrigger();
  return (
    <>
      <button type="button" className="vas-badge" {...triggerProps}>
        Top choice<span className="visually-hidden">: why {title}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <Popover
            {...popoverProps}
            title="Top choice"
            width={320}
            repositionMs={VAS_TIMINGS.popoverRepositionMs}
          >
            <p>Shoppers who bought this item chose {title} more often than any other service.</p>
          </Popover>
        </Suspense>
      ) : null}
    </>
  );
}
