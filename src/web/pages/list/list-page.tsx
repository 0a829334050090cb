import type { ListItemViewDto } from '../../../shared/contracts/lists';
import type { ListPageData } from '../../../shared/contracts/pages/list-page';
import { LIST_LIMITS } from '../../../shared/list-constants';
import { LegacyCreateForm } from '../../features/lists/legacy-create-form';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';

type List = NonNullable<ListPageData['list']>;

const TYPE_LABEL = { wishlist: 'Wish list', giftlist: 'Gift list', idealist: 'Idea list' } as const;
const PRIORITY_LABEL = {
  lowest: 'Lowest',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  highest: 'Highest',
} as const;

/** A plain form posting to one of the list's actions with the CSRF token. */
function ActionForm({
  action,
  csrfToken,
  children,
  className,
}: {
  action: string;
  csrfToken: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <form method="post" action={action} className={className}>
      <input type="hidden" name="csrfToken" value={csrfToken} />
      {children}
    </form>
  );
}

const actionPath = (list: List, tail: string) => `/hz/wishlist/ls/${list.listExternalId}/${tail}`;

function ItemRow({
  item,
  list,
  data,
  token,
}: {
  item: ListItemViewDto;
  list: List;
  data: ListPageData;
  token: string | null;
}) {
  const toCart = `${actionPath(list, `items/${item.asin}/to-cart`)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const id = `item-${item.asin}`;
  return (
    <li className="list-item" aria-labelledby={`${id}-title`}>
      {item.image ? (
        <img className="list-item__image" src={item.image.src} alt="" width={96} height={96} />
      ) : (
        <span className="list-item__image" />
      )}
      <div className="list-item__body">
        <h3 id={`${id}-title`} className="list-item__title">
          <a href={item.productUrl}>{item.title}</a>
        </h3>
        <p className="list-item__price">
          <strong>{item.price ? item.price.displayString : 'Price unavailable'}</strong>
          {item.priceChange ? (
            <span className={`list-item__change list-item__change--${item.priceDirection}`}>
              {item.priceChange}
            </span>
          ) : null}
        </p>
        <p className="list-item__meta">
          <span className={item.inStock ? 'list-item__stock' : 'list-item__stock list-item__stock--out'}>
            {item.inStock ? 'In stock' : 'Currently unavailable'}
          </span>
          <span>{`Added ${item.addedOn} at ${item.priceWhenAdded.displayString}`}</span>
          <span>{`Wanted: ${item.quantity}`}</span>
          {data.isOwner ? null : <span>{`Priority: ${PRIORITY_LABEL[item.priority]}`}</span>}
        </p>
        {item.comment && !data.isOwner ? <p className="list-item__comment">{item.comment}</p> : null}
        {data.isOwner ? (
          <ActionForm
            action={actionPath(list, `items/${item.asin}/update`)}
            csrfToken={data.csrfToken}
            className="list-item__edit"
          >
            <label className="field">
              <span>Quantity</span>
              <input
                name="quantity"
                type="number"
                min={1}
                max={LIST_LIMITS.quantityMax}
                defaultValue={item.quantity}
              />
            </label>
            <label className="field">
              <span>Priority</span>
              <select name="priority" defaultValue={item.priority}>
                {data.priorities.map((p) => (
                  <option key={p} value={p}>
                    {PRIORITY_LABEL[p]}
                  </option>
                ))}
              </select>
            </label>
            <label className="field list-item__comment-field">
              <span>Comment</span>
              <input name="comment" maxLength={LIST_LIMITS.commentMaxLength} defaultValue={item.comment} />
            </label>
            <button
              type="submit"
              className="button button--secondary button--small"
              aria-label={`Save changes to ${item.title}`}
            >
              Save
            </button>
          </ActionForm>
        ) : null}
        <div className="list-item__actions">
          <ActionForm action={toCart} csrfToken={data.csrfToken}>
            <input type="hidden" name="keep" value="true" />
            <button
              type="submit"
              className="button button--cart button--small"
              disabled={!item.inStock}
              aria-label={`Add to cart: ${item.title}`}
            >
              Add to cart
            </button>
          </ActionForm>
          {data.isOwner ? (
            <>
              <ActionForm action={toCart} csrfToken={data.csrfToken}>
                <input type="hidden" name="keep" value="false" />
                <button
                  type="submit"
                  className="button button--secondary button--small"
                  disabled={!item.inStock}
                  aria-label={`Move to cart: ${item.title}`}
                >
                  Move to cart
                </button>
              </ActionForm>
              <ActionForm action={actionPath(list, `items/${item.asin}/remove`)} csrfToken={data.csrfToken}>
                <button
                  type="submit"
                  className="link-button"
                  aria-label={`Remove ${item.title} from the list`}
                >
                  Remove
                </button>
              </ActionForm>
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function OwnerTools({ list, data }: { list: List; data: ListPageData }) {
  return (
    <section className="list-page__tools" aria-labelledby="list-settings-heading">
      <h2 id="list-settings-heading">List settings</h2>
      <ActionForm action={actionPath(list, 'rename')} csrfToken={data.csrfToken} className="list-page__tool">
        <label className="field">
          <span>List name</span>
          <input name="listName" required maxLength={LIST_LIMITS.nameMaxLength} defaultValue={list.name} />
        </label>
        <button type="submit" className="button button--secondary button--small">
          Rename
        </button>
      </ActionForm>
      <ActionForm action={actionPath(list, 'privacy')} csrfToken={data.csrfToken} className="list-page__tool">
        <label className="field">
          <span>Privacy</span>
          <select name="privacy" defaultValue={list.privacy}>
            <option value="private">Private: only you</option>
            <option value="public">Public: anyone with the address</option>
            <option value="hidden">Hidden</option>
          </select>
        </label>
        <button type="submit" className="button button--secondary button--small">
          Save privacy
        </button>
      </ActionForm>
      <div className="list-page__tool list-page__share">
        {list.shareUrl ? (
          <>
            <label className="field">
              <span>Share link</span>
              <input readOnly value={list.shareUrl} />
            </label>
            <ActionForm action={actionPath(list, 'share')} csrfToken={data.csrfToken}>
              <button type="submit" className="button button--secondary button--small">
                New share link
              </button>
            </ActionForm>
            <ActionForm action={actionPath(list, 'share/revoke')} csrfToken={data.csrfToken}>
              <button type="submit" className="button button--secondary button--small">
                Revoke share link
              </button>
            </ActionForm>
          </>
        ) : (
          <ActionForm action={actionPath(list, 'share')} csrfToken={data.csrfToken}>
            <button type="submit" className="button button--secondary button--small">
              Create share link
            </button>
          </ActionForm>
        )}
      </div>
      <ActionForm action={actionPath(list, 'delete')} csrfToken={data.csrfToken} className="list-page__tool">
        <button type="submit" className="button button--secondary button--small list-page__delete">
          Delete this list
        </button>
      </ActionForm>
    </section>
  );
}

/** A list's page or the shopper's lists (LIST-004..006): server-rendered, every action a plain form. */
export function ListPage({ data }: { data: ListPageData }) {
  const { list } = data;
  return (
    <>
      <SiteHeader
        shopper={data.shopper}
        cartCount={data.shopper.cartCount}
        returnTo={list ? list.path : '/hz/wishlist/ls'}
      />
      <main id="top" tabIndex={-1} className="page list-page">
        {data.notice ? (
          <div
            className={`alert alert--${data.notice.kind}`}
            role={data.notice.kind === 'error' ? 'alert' : 'status'}
          >
            <p>{data.notice.message}</p>
          </div>
        ) : null}
        <div className="list-page__layout">
          {data.lists.length > 0 ? (
            <nav className="list-page__nav" aria-label="Your lists">
              <h2>Your lists</h2>
              <ul>
                {data.lists.map((l) => (
                  <li key={l.listExternalId}>
                    <a
                      href={l.url}
                      aria-current={list?.listExternalId === l.listExternalId ? 'page' : undefined}
                    >
                      {l.name}
                    </a>
                    <span>{`${l.itemCount} ${l.itemCount === 1 ? 'item' : 'items'}${l.isDefault ? ' · Default' : ''}`}</span>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="list-page__main">
            {list ? (
              <>
                <header className="list-page__head">
                  <h1>{list.name}</h1>
                  <p>
                    {`${TYPE_LABEL[list.listType]} · ${list.privacy === 'public' ? 'Public' : list.privacy === 'hidden' ? 'Hidden' : 'Private'}`}
                    {list.recipient ? ` · For ${list.recipient}` : ''}
                    {list.occasionDate ? ` · ${list.occasionDate}` : ''}
                  </p>
                  {list.description ? <p>{list.description}</p> : null}
                </header>
                {list.items.length === 0 ? (
                  <div className="list-page__empty">
                    <h2>This list is empty</h2>
                    <p>
                      {data.isOwner
                        ? 'Add items with “Add to List” on any product page.'
                        : 'Nothing has been added yet.'}
                    </p>
                    <a className="button button--primary" href="/">
                      Continue shopping
                    </a>
                  </div>
                ) : (
                  <ul className="list-page__items" aria-label={`Items on ${list.name}`}>
                    {list.items.map((item) => (
                      <ItemRow key={item.asin} item={item} list={list} data={data} token={data.viewToken} />
                    ))}
                  </ul>
                )}
                {data.isOwner ? <OwnerTools list={list} data={data} /> : null}
              </>
            ) : (
              <>
                <h1>Your Lists</h1>
                {data.lists.length === 0 ? (
                  <p className="list-page__empty">You have no lists yet. Create one below.</p>
                ) : null}
                <section className="list-page__create" aria-labelledby="create-list-heading">
                  <h2 id="create-list-heading">Create a list</h2>
                  <LegacyCreateForm csrfToken={data.csrfToken} />
                </section>
              </>
            )}
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
