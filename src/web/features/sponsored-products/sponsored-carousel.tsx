import { useEffect, useId, useMemo, useState } from 'react';
import type { CarouselResponse, SponsoredAdView } from '../../../shared/contracts/sponsored';
import { formatCount } from '../../../shared/money/group-digits';
import { fetchCarouselPage, postAdClick } from '../../api/sponsored-api';
import { whileBusy } from '../../ui/while-busy';
import { useAdViews } from './use-ad-views';

/** Cards per carousel page (and per page fetch, well under the cap of 30). */
const CARDS_PER_PAGE = 4;

export type SponsoredCarouselProps = { marketplaceId: string; asin: string };

type Loaded = { first: CarouselResponse; ads: SponsoredAdView[] };

/**
 * A sponsored-products carousel (ADS-001/002): cards of the ads the inventory places on this page,
 * labelled as sponsored, paged by arrows (each new page fetched with pg, tot, start, num, cc and
 * oData, ADS-006). Views are counted by `useAdViews`; a click is logged by a POST to the ad's click
 * URL before the link is followed.
 */
export function SponsoredCarousel({ marketplaceId, asin }: SponsoredCarouselProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [page, setPage] = useState(0);
  const [fetching, setFetching] = useState(false);
  const headingId = useId();

  useEffect(() => {
    let live = true;
    // No ads, or a failed call: the row stays empty (the carousel never fails the page).
    void fetchCarouselPage(marketplaceId, asin, { pg: 1, num: CARDS_PER_PAGE }).then((result) => {
      if (live && result.ok && result.answer.ads.length > 0) {
        setLoaded({ first: result.answer, ads: result.answer.ads });
      }
    });
    return () => {
      live = false;
    };
  }, [marketplaceId, asin]);

  const context = useMemo(
    () =>
      loaded
        ? {
            qualifier: loaded.first.qualifier,
            widgetName: loaded.first.widgetName,
            eventsUrl: loaded.first.eventsUrl,
          }
        : null,
    [loaded],
  );
  const register = useAdViews(context);
  if (!loaded) return null;

  const { first, ads } = loaded;
  const pages = Math.ceil(first.tot / CARDS_PER_PAGE);
  const shown = ads.slice(page * CARDS_PER_PAGE, (page + 1) * CARDS_PER_PAGE);

  const next = async () => {
    const target = page + 1;
    if (target >= pages || fetching) return;
    if (ads.length < (target + 1) * CARDS_PER_PAGE && ads.length < first.tot) {
      setFetching(true);
      const more = await fetchCarouselPage(marketplaceId, asin, {
        pg: target + 1,
        tot: first.tot,
        start: ads.length,
        num: CARDS_PER_PAGE,
        cc: ads.length,
        oData: first.oData,
      });
      setFetching(false);
      if (!more.ok) return;
      setLoaded({ first, ads: [...ads, ...more.answer.ads] });
    }
    setPage(target);
  };

  return (
    <section className="sponsored" aria-labelledby={headingId}>
      <h2 id={headingId} className="sponsored__heading">
        Products related to this item <span className="sponsored__label">Sponsored</span>
      </h2>
      <div className="sponsored__carousel">
        {page > 0 ? (
          <button
            type="button"
            className="sponsored__arrow sponsored__arrow--previous"
            aria-label="Previous page of sponsored products"
            onClick={() => setPage(page - 1)}
          >
            ‹
          </button>
        ) : null}
        <ol className="sponsored__cards" aria-label={`Page ${page + 1} of ${pages}`}>
          {shown.map((ad) => (
            <li
              key={ad.adId}
              className="sponsored__card"
              ref={register({ adId: ad.adId, adIndex: ad.adIndex })}
            >
              <a href={ad.productUrl} className="sponsored__link" onClick={() => postAdClick(ad.clickUrl)}>
                {ad.image ? (
                  <img src={ad.image.url} alt="" width={160} height={160} className="sponsored__image" />
                ) : null}
                <span className="sponsored__title">{ad.title}</span>
              </a>
              {ad.ratingCount > 0 ? (
                <span className="sponsored__rating">
                  {ad.rating.toFixed(1)} out of 5 stars · {formatCount(ad.ratingCount)}
                </span>
              ) : null}
              <span className="sponsored__price">{ad.price.displayString}</span>
              <span className="sponsored__card-label">Sponsored · {ad.advertiser}</span>
            </li>
          ))}
        </ol>
        {page < pages - 1 ? (
          <button
            type="button"
            className="sponsored__arrow sponsored__arrow--next"
            aria-label="Next page of sponsored products"
            {...whileBusy(fetching)}
            onClick={next}
          >
            ›
          </button>
        ) : null}
      </div>
    </section>
  );
}
