import { renderToString } from 'react-dom/server';
import type { FreshErrorModal } from '../../domain/grocery/fresh-cart';
import type { ErrorModalHtml, StoreSheetView } from '../../shared/contracts/grocery';
import type { RepeatItemView } from '../../shared/contracts/repeat-delivery';
import {
  FreshErrorFooter,
  FreshErrorHeader,
  FreshErrorMessage,
} from '../../web/features/grocery/fresh-error-parts';
import { RepeatDeliverySummary } from '../../web/features/grocery/repeat-delivery-summary';
import { StoreSheetContent } from '../../web/features/grocery/store-sheet-content';

// HTML fields of JSON answers come from the same React components the page renders,
// through renderToString, which escapes every text.

/** GRO-005/029: errorModalHtml's header, message and footer. */
export function errorModalHtml(modal: FreshErrorModal, code?: string): ErrorModalHtml {
  return {
    header: renderToString(<FreshErrorHeader text={modal.header} />),
    errorMessage: renderToString(<FreshErrorMessage text={modal.errorMessage} code={code} />),
    footer: renderToString(<FreshErrorFooter text={modal.footer} />),
  };
}

/** GRO-005: storeIntroductionSheetHtml. */
export const storeSheetHtml = (view: StoreSheetView) => renderToString(<StoreSheetContent view={view} />);

/** STP-001: nextViewHtml. */
export const repeatSummaryHtml = (item: RepeatItemView) =>
  renderToString(<RepeatDeliverySummary item={item} />);

/** STP-014: a staples error modal's body. */
export const staplesErrorHtml = (message: string) => renderToString(<FreshErrorMessage text={message} />);
