import { useEffect, useId, useRef, useState } from 'react';
import { REMOVE_OFFER } from '../../../../domain/add-on-services/add-on-choice';
import { writeVasState } from '../../../../domain/add-on-services/vas-url-state';
import { quantityRefreshNeeded, sellerRefreshNeeded } from '../../../../domain/add-on-services/widget-rules';
import { VAS_DIMMED_OPACITY } from '../../../../shared/add-on-services-constants';
import { refreshVariation } from '../../../api/add-on-services-api';
import type { VariantProps } from '../add-on-widget';
import { noScriptName, OfferLine } from '../service-row';

/**
 * twister_xl (VAS-017..020, VAS-051): the larger option list. Choosing an option sold by another seller
 * refreshes the page parts for that seller (POST /gp/product/{asin}?m=…); a newer refresh aborts a running
 * one; meanwhile the list is dimmed to half opacity and disabled. A business customer's list also
 * refreshes when the quantity changes.
 */
export default function TwisterXl({ vas, page, pageQuantity, hydrated, headingId }: VariantProps) {
  const name = useId();
  const [refreshing, setRefreshing] = useState(false);
  const running = useRef<AbortController | null>(null);
  const business = vas.view.model.businessCustomer;
  const previousQuantity = useRef(pageQuantity);
  // The seller the page parts are (being) refreshed for: a quantity refresh keeps to it.
  const seller = useRef(vas.merchantId);

  const refresh = async (merchantId: string, quantity: number | null, vasParam = vas.vasParam) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setRefreshing(true);
    const answer = await refreshVariation(
      page.asin,
      merchantId,
      { isVariationalParent: false, vas: vasParam, quantity },
      controller.signal,
    );
    if (controller.signal.aborted) return;
    running.current = null;
    setRefreshing(false);
    // A failed refresh keeps the rows as they were.
    if (answer.ok && answer.answer.addOnServices)
      vas.applySellerRefresh(answer.answer.addOnServices, merchantId);
  };

  // VAS-051: a business customer's prices follow the quantity, so the list is asked again when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the page quantity asks again.
  useEffect(() => {
    const before = previousQuantity.current;
    previousQuantity.current = pageQuantity;
    if (quantityRefreshNeeded(business, before, pageQuantity)) void refresh(seller.current, pageQuantity);
  }, [pageQuantity]);
  useEffect(() => () => running.current?.abort(), []);

  const select = (value: string) => {
    vas.choose({ type: 'selectOption', value });
    const option = vas.services.find((s) => s.serviceAsin === value);
    const optionSeller = option?.offer?.merchantId ?? null;
    if (sellerRefreshNeeded(seller.current, optionSeller) && optionSeller) {
      seller.current = optionSeller;
      void refresh(optionSeller, business ? pageQuantity : null, writeVasState({ vw: value }));
    }
  };

  return (
    <fieldset
      className="vas-xl"
      disabled={refreshing}
      aria-busy={refreshing}
      style={refreshing ? { opacity: VAS_DIMMED_OPACITY } : undefined}
      data-testid="vas-option-list"
    >
      <legend className="vas__heading" id={headingId}>
        Choose delivery and installation
      </legend>
      <label className="vas-xl__option">
        <input
          type="radio"
          name={noScriptName(hydrated) ?? name}
          value={REMOVE_OFFER}
          checked={vas.choice.selected === null}
          onChange={() => select(REMOVE_OFFER)}
        />
        <span className="vas-xl__title">No installation</span>
      </label>
      {vas.services.map((service) => (
        <label key={service.serviceAsin} className="vas-xl__option">
          <input
            type="radio"
            name={noScriptName(hydrated) ?? name}
            value={service.serviceAsin}
            checked={vas.choice.selected === service.serviceAsin}
            disabled={!service.offer}
            onChange={() => select(service.serviceAsin)}
          />
          <span className="vas-xl__title">
            {service.title}
            {service.offer ? (
              <strong className="vas-xl__price"> {service.offer.price.displayString}</strong>
            ) : null}
          </span>
          <OfferLine service={service} zip={vas.zip} />
        </label>
      ))}
      <p className="vas-xl__status" aria-live="polite">
        {refreshing ? 'Updating prices for this seller…' : ''}
      </p>
    </fieldset>
  );
}
