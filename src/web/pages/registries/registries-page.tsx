import { requestCountLabel } from '../../../domain/registries/registry-rules';
import type { RegistriesPageData, RegistriesView } from '../../../shared/contracts/pages/registries-page';
import type { RegistryItemView, RegistrySummary } from '../../../shared/contracts/registries';
import { REGISTRY_TYPE_TEXT, REGISTRY_TYPES, REQUEST_COUNT_MAX } from '../../../shared/registry-constants';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';

type Props = { data: RegistriesPageData };
type ViewOf<K extends RegistriesView['kind']> = Extract<RegistriesView, { kind: K }>;

/** The registry pages (REG-002..004): find and list, owner view, guest view, create, landings. */
export function RegistriesPage({ data }: Props) {
  const { view } = data;
  return (
    <>
      <SiteHeader shopper={data.shopper} cartCount={data.shopper.cartCount} returnTo="/registries" />
      <main id="top" tabIndex={-1} className="page page--narrow registries">
        {data.notice ? (
          <p className={`registries__notice registries__notice--${data.notice.kind}`} role="status">
            {data.notice.message}
          </p>
        ) : null}
        {view.kind === 'home' ? <Home view={view} signedIn={data.shopper.signedIn} /> : null}
        {view.kind === 'owner' ? <OwnerView view={view} csrfToken={data.csrfToken} /> : null}
        {view.kind === 'guest' ? (
          <GuestView view={view} csrfToken={data.csrfToken} signedIn={data.shopper.signedIn} />
        ) : null}
        {view.kind === 'create' ? <CreateRegistry view={view} csrfToken={data.csrfToken} /> : null}
        {view.kind === 'wedding-nosignin' ? (
          <section>
            <h1>Sign in to your wedding registry</h1>
            <p>
              Sign in, or create an account, to add items to your wedding registry and see what guests have
              given.
            </p>
            <a className="button button--primary" href={view.signInUrl}>
              Sign in
            </a>
          </section>
        ) : null}
        {view.kind === 'baby-landing' ? <BabyLanding view={view} /> : null}
      </main>
      <SiteFooter />
    </>
  );
}

function RegistryCards({ registries, owner }: { registries: RegistrySummary[]; owner: boolean }) {
  return (
    <ul className="registries__cards">
      {registries.map((r) => (
        <li key={r.id} className="registries__card">
          <a href={owner ? r.ownerLink : r.guestLink}>{r.name}</a>
          <span>{r.typeText}</span>
          <span>{`Event date ${r.eventDate}`}</span>
          <span>{`${r.itemCount} ${r.itemCount === 1 ? 'item' : 'items'}`}</span>
        </li>
      ))}
    </ul>
  );
}

function Home({ view, signedIn }: { view: ViewOf<'home'>; signedIn: boolean }) {
  return (
    <>
      <h1>Registries and gift lists</h1>
      <section className="registries__section" aria-labelledby="find-heading">
        <h2 id="find-heading">Find a registry</h2>
        <search>
          <form method="get" action="/registries" className="registries__find">
            <label htmlFor="registry-q">Registrant name</label>
            <input id="registry-q" name="q" type="search" defaultValue={view.query} autoComplete="off" />
            <button className="button button--primary" type="submit">
              Search
            </button>
          </form>
        </search>
        {view.results === null ? null : view.results.length === 0 ? (
          <p>{`No public registry matches “${view.query}”.`}</p>
        ) : (
          <RegistryCards registries={view.results} owner={false} />
        )}
      </section>
      <section className="registries__section" aria-labelledby="mine-heading">
        <h2 id="mine-heading">Your registries</h2>
        {!signedIn ? (
          <p>
            <a href={`/gp/sign-in.html?path=${encodeURIComponent('/registries')}`}>Sign in</a> to see and
            manage your registries.
          </p>
        ) : view.mine.length === 0 ? (
          <p>You have no registries yet.</p>
        ) : (
          <RegistryCards registries={view.mine} owner />
        )}
        <p className="registries__links">
          <a href="/baby-reg/signup">Create a baby registry</a>
          <a href="/wedding/new-registry">Create a wedding registry</a>
          <a href="/registries/new">Create another gift registry</a>
        </p>
      </section>
    </>
  );
}

function Flags({ item }: { item: RegistryItemView }) {
  return (
    <span className="registries__flags">
      {item.mustHave ? <span className="registries__flag">Must have</span> : null}
      {item.groupGifting ? <span className="registries__flag">Group gift</span> : null}
      {item.private ? <span className="registries__flag">Private</span> : null}
    </span>
  );
}

function Hidden({ registryId, csrfToken }: { registryId: string; csrfToken: string }) {
  return (
    <>
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <input type="hidden" name="registryId" value={registryId} />
    </>
  );
}

function OwnerView({ view, csrfToken }: { view: ViewOf<'owner'>; csrfToken: string }) {
  const { registry } = view;
  return (
    <>
      <h1>{registry.name}</h1>
      <p>
        {`${registry.typeText} · Event date ${registry.eventDate}`}
        {view.checklistPercent !== null ? ` · Checklist ${view.checklistPercent}% complete` : null}
      </p>
      <p>
        <a href={registry.guestLink}>See what your guests see</a>
      </p>
      <form method="post" action="/registries/owner-view/settings" className="registries__settings">
        <Hidden registryId={registry.id} csrfToken={csrfToken} />
        <label htmlFor="registry-privacy">Who can see it</label>
        <select id="registry-privacy" name="privacy" defaultValue={registry.privacy}>
          <option value="public">Public: anyone can find it by name</option>
          <option value="shared">Shared: only people with the link</option>
          <option value="private">Private: only you</option>
        </select>
        <input type="hidden" name="spoilerFree" value="false" />
        <label className="registries__check">
          <input type="checkbox" name="spoilerFree" value="true" defaultChecked={registry.spoilerFree} />
          Spoiler-free: hide what was bought until the event date
        </label>
        <button className="button button--secondary" type="submit">
          Save settings
        </button>
      </form>
      {!view.showPurchases ? (
        <p className="registries__spoiler">{`Spoiler-free mode: purchases stay hidden until ${registry.eventDate}.`}</p>
      ) : null}
      <h2>Items</h2>
      {view.items.length === 0 ? (
        <p>No items yet: add them with “Add to registry” on any product page.</p>
      ) : null}
      <ul className="registries__items">
        {view.items.map((item) => (
          <li key={item.id} className="registries__item">
            <img src={item.imageUrl} alt="" width={72} height={72} />
            <div className="registries__item-body">
              <a href={`/dp/${item.asin}`}>{item.title}</a>
              <Flags item={item} />
              <p className="registries__count">
                {item.purchased === null
                  ? `${item.requested} requested`
                  : `${item.purchased} of ${item.requested} purchased`}
              </p>
              {item.fundedPercent !== null && item.funded ? (
                <p>{`Group gift: ${item.funded.displayString} funded (${item.fundedPercent}%)`}</p>
              ) : null}
              <form
                method="post"
                action="/registries/owner-view/update-item"
                className="registries__item-form"
              >
                <Hidden registryId={registry.id} csrfToken={csrfToken} />
                <input type="hidden" name="itemId" value={item.id} />
                <label htmlFor={`requested-${item.id}`}>Requested</label>
                <input
                  id={`requested-${item.id}`}
                  name="requestedQuantity"
                  type="number"
                  min={1}
                  max={REQUEST_COUNT_MAX}
                  defaultValue={item.requested}
                />
                {(['mustHave', 'groupGifting', 'private'] as const).map((flag) => (
                  <label key={flag} className="registries__check">
                    <input type="hidden" name={flag} value="false" />
                    <input type="checkbox" name={flag} value="true" defaultChecked={item[flag]} />
                    {flag === 'mustHave' ? 'Must have' : flag === 'groupGifting' ? 'Group gift' : 'Private'}
                  </label>
                ))}
                <button className="button button--secondary" type="submit">
                  {`Save ${item.title.split(' ').slice(0, 3).join(' ')}`}
                </button>
                <button className="button button--link" type="submit" name="remove" value="true">
                  Remove
                </button>
              </form>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function GuestView({
  view,
  csrfToken,
  signedIn,
}: {
  view: ViewOf<'guest'>;
  csrfToken: string;
  signedIn: boolean;
}) {
  const { registry } = view;
  return (
    <>
      <h1>{registry.name}</h1>
      <p>{`${registry.typeText} · Event date ${registry.eventDate}`}</p>
      {view.items.length === 0 ? <p>This registry has no items yet.</p> : null}
      <ul className="registries__items">
        {view.items.map((item) => (
          <li key={item.id} className="registries__item">
            <img src={item.imageUrl} alt="" width={72} height={72} />
            <div className="registries__item-body">
              <a href={`/dp/${item.asin}`}>{item.title}</a>
              <Flags item={item} />
              {item.price ? <p className="registries__price">{item.price.displayString}</p> : null}
              <p className="registries__count">
                {item.stillNeeded === null
                  ? `Requested ${requestCountLabel(item.requested)}`
                  : `Requested ${item.requested} · Still needed ${item.stillNeeded}`}
              </p>
              {item.groupGifting ? (
                <>
                  {item.fundedPercent !== null && item.funded ? (
                    <p>
                      <progress max={100} value={item.fundedPercent} aria-label={`${item.title} funded`} />{' '}
                      {`${item.fundedPercent}% funded (${item.funded.displayString})`}
                    </p>
                  ) : null}
                  {signedIn && !view.isOwner && (item.fundedPercent ?? 0) < 100 ? (
                    <form
                      method="post"
                      action="/registries/guest-view/contribute"
                      className="registries__item-form"
                    >
                      <Hidden registryId={registry.id} csrfToken={csrfToken} />
                      <input type="hidden" name="itemId" value={item.id} />
                      <label htmlFor={`amount-${item.id}`}>Contribution in dollars (from $5)</label>
                      <input
                        id={`amount-${item.id}`}
                        name="amount"
                        inputMode="decimal"
                        required
                        pattern="\d{1,6}(\.\d{1,2})?"
                      />
                      <button className="button button--primary" type="submit">
                        Contribute
                      </button>
                    </form>
                  ) : null}
                </>
              ) : signedIn && !view.isOwner ? (
                <form
                  method="post"
                  action="/registries/guest-view/add-to-cart"
                  className="registries__item-form"
                >
                  <Hidden registryId={registry.id} csrfToken={csrfToken} />
                  <input type="hidden" name="itemId" value={item.id} />
                  <button
                    className="button button--primary"
                    type="submit"
                    aria-label={`Add to cart: ${item.title}`}
                  >
                    Add to cart
                  </button>
                </form>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {!signedIn ? (
        <p>
          <a href={`/gp/sign-in.html?path=${encodeURIComponent(registry.guestLink)}`}>
            Sign in to buy a gift
          </a>
        </p>
      ) : null}
    </>
  );
}

function CreateRegistry({ view, csrfToken }: { view: ViewOf<'create'>; csrfToken: string }) {
  if (view.signInUrl) {
    return (
      <section>
        <h1>{view.heading}</h1>
        <p>Sign in to create your registry.</p>
        <a className="button button--primary" href={view.signInUrl}>
          Sign in
        </a>
      </section>
    );
  }
  const a = view.address;
  return (
    <section>
      <h1>{view.heading}</h1>
      <form method="post" action="/registries" className="registries__create">
        <input type="hidden" name="csrfToken" value={csrfToken} />
        {view.type ? (
          <input type="hidden" name="type" value={view.type} />
        ) : (
          <>
            <label htmlFor="registry-type">Registry type</label>
            <select id="registry-type" name="type" defaultValue="birthday">
              {REGISTRY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {REGISTRY_TYPE_TEXT[t]}
                </option>
              ))}
            </select>
          </>
        )}
        <label htmlFor="registry-name">Registrant name(s)</label>
        <input id="registry-name" name="name" required maxLength={120} />
        <label htmlFor="registry-date">Event date</label>
        <input id="registry-date" name="eventDate" type="date" required />
        <label htmlFor="registry-privacy-new">Who can see it</label>
        <select id="registry-privacy-new" name="privacy" defaultValue="public">
          <option value="public">Public: anyone can find it by name</option>
          <option value="shared">Shared: only people with the link</option>
          <option value="private">Private: only you</option>
        </select>
        <fieldset>
          <legend>Shipping address for gifts (hidden from gift-givers)</legend>
          {(
            [
              ['fullName', 'Full name', a?.fullName],
              ['line1', 'Address', a?.line1],
              ['city', 'City', a?.city],
              ['state', 'State', a?.state],
              ['postalCode', 'ZIP code', a?.postalCode],
            ] as const
          ).map(([name, label, value]) => (
            <div key={name}>
              <label htmlFor={`registry-${name}`}>{label}</label>
              <input id={`registry-${name}`} name={name} required defaultValue={value ?? ''} />
            </div>
          ))}
        </fieldset>
        <button className="button button--primary" type="submit">
          Create registry
        </button>
      </form>
    </section>
  );
}

function BabyLanding({ view }: { view: ViewOf<'baby-landing'> }) {
  return (
    <>
      <h1>Baby Registry</h1>
      {view.failed ? (
        <p className="registries__notice registries__notice--error" role="alert">
          We could not add that item to a baby registry.
          {view.babyRegistry ? ' Please try again.' : ' Create your baby registry first.'}
        </p>
      ) : null}
      {view.babyRegistry ? (
        <p>
          <a href={view.babyRegistry.ownerLink}>{`Go to ${view.babyRegistry.name}`}</a>
        </p>
      ) : view.signInUrl ? (
        <p>
          <a className="button button--primary" href={view.signInUrl}>
            Sign in to your baby registry
          </a>
        </p>
      ) : (
        <p>
          <a className="button button--primary" href="/baby-reg/signup">
            Create your baby registry
          </a>
        </p>
      )}
      <section id="group-gifting" className="registries__section" aria-labelledby="gg-heading">
        <h2 id="gg-heading">Group gifting</h2>
        <p>
          Friends and family can chip in from $5 toward a bigger item. It counts as purchased once it is fully
          funded.
        </p>
      </section>
    </>
  );
}
