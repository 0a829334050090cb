import { LIST_NOTICE_ELEMENT_ID } from '../../../../shared/list-add-path';
import { AddToListSlot } from '../../../features/lists/add-to-list-slot';
import { showsAddToList } from '../page-parts';
import type { PurchaseExtension } from '../purchase-extension';

/**
 * Lists (LIST-002): the add-to-list split button under the purchase box. It adds no items to the buy
 * box and holds no press; registries will sit beside it.
 */
export const lists: PurchaseExtension = {
  name: 'lists',
  shown: showsAddToList,
  useParts: ({ data }) => ({
    beside: (
      <div className="list-actions">
        <AddToListSlot asin={data.product.asin} csrfToken={data.csrfToken} />
        {data.listNotice ? (
          <p
            id={LIST_NOTICE_ELEMENT_ID}
            className={`alert alert--${data.listNotice.kind}`}
            role={data.listNotice.kind === 'error' ? 'alert' : 'status'}
          >
            {data.listNotice.message}{' '}
            {data.listNotice.kind === 'success' ? <a href="/hz/wishlist/ls">View your lists</a> : null}
          </p>
        ) : null}
      </div>
    ),
    items: () => [],
    intercept: () => false,
  }),
};
