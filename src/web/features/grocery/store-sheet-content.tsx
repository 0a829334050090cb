import type { StoreSheetView } from '../../../shared/contracts/grocery';

/**
 * The store introduction sheet's content (GRO-001/002). The server renders it into
 * `storeIntroductionSheetHtml` and the page renders it from the sheet call's data; its
 * storefront button is a link that works alone, and the page first changes the delivery address when the
 * button names one (`data-new-address-id`).
 */
export function StoreSheetContent({ view }: { view: StoreSheetView }) {
  return (
    <div className="store-sheet" data-store-id={view.storeId}>
      <p className="store-sheet__lead">
        <strong>{view.productTitle}</strong> comes from <strong>{view.storeName}</strong>.
      </p>
      <p className="store-sheet__delivery">{view.deliveryMessage}</p>
      {view.newAddressLabel ? (
        <p className="store-sheet__address">Delivering to {view.newAddressLabel}</p>
      ) : null}
      <ul className="store-sheet__points">
        <li>
          {view.isDelivery
            ? 'Delivered to your door in a 2-hour window you choose.'
            : 'Ready for pickup at the store.'}
        </li>
        <li>Your grocery cart is kept apart from your regular cart and checks out on its own.</li>
      </ul>
      <a
        className="button button--primary button--wide store-sheet__storefront"
        href={view.storefrontUrl}
        data-store-action="storefront"
        data-new-address-id={view.newAddressId ?? undefined}
      >
        {`Shop ${view.storeName}`}
      </a>
    </div>
  );
}
