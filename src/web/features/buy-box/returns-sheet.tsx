import { BottomSheet } from '../../ui/bottom-sheet';
import { SideSheet } from '../../ui/side-sheet';
import { RETURNS } from './returns-text';

/**
 * The tabular buy box's full returns and payment details (DP-006, DP-007): a side sheet on desktop, a
 * bottom sheet on phones; links open a new tab (DP-008). Its own chunk, loaded when it first opens.
 */
export function ReturnsSheet({
  phone,
  open,
  onClose,
}: {
  phone: boolean;
  open: boolean;
  onClose: () => void;
}) {
  return phone ? (
    <BottomSheet open={open} onClose={onClose} title="Returns and payment">
      <ReturnsDetails />
    </BottomSheet>
  ) : (
    <SideSheet open={open} onClose={onClose} title="Returns and payment">
      <ReturnsDetails />
    </SideSheet>
  );
}

function ReturnsDetails() {
  return (
    <>
      <p>{RETURNS}</p>
      <p>
        Read the full{' '}
        <a href="/gp/help/returns.html" target="_blank" rel="noopener noreferrer">
          returns policy (opens in a new tab)
        </a>{' '}
        and how we keep{' '}
        <a href="/gp/help/secure-payments.html" target="_blank" rel="noopener noreferrer">
          your payment secure (opens in a new tab)
        </a>
        .
      </p>
    </>
  );
}
