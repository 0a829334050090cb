import { useEffect, useId, useState } from 'react';
import {
  type SmartHomeConfig,
  smartHomeAddEnabled,
  smartHomeConfig,
  smartHomeMessage,
  smartHomeTotal,
  smartHomeTotalShown,
} from '../../../domain/smart-home/smart-home';
import type { SmartHomeDevice } from '../../../shared/contracts/smart-home';
import { addItemsToCart, cartApiState } from '../../api/cart-api';
import { fetchSmartHomeSlice } from '../../api/smart-home-api';
import { Alert } from '../../ui/alert';
import { Spinner } from '../../ui/spinner';
import { whileBusy } from '../../ui/while-busy';

export type SmartHomeBadgeProps = {
  marketplaceId: string;
  asin: string;
  language: string;
  onCartCount: (count: number) => void;
};

type Loaded = { config: SmartHomeConfig; devices: SmartHomeDevice[] };
type AddState = { kind: 'idle' } | { kind: 'adding' } | { kind: 'added'; count: number } | { kind: 'failed' };

/**
 * The smart-home badge (SH-001): compatible devices with checkboxes, their running total and one add
 * button that puts every checked device in the cart with one call. It does not start without its
 * page state (SH-005).
 */
export function SmartHomeBadge({ marketplaceId, asin, language, onCartCount }: SmartHomeBadgeProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [add, setAdd] = useState<AddState>({ kind: 'idle' });
  const headingId = useId();
  const totalId = useId();

  useEffect(() => {
    let live = true;
    void fetchSmartHomeSlice(marketplaceId, asin).then((badge) => {
      if (!live || !badge) return;
      const started = smartHomeConfig(badge.pageState);
      if (!started.ok) {
        console.warn(`smart-home badge not started: ${started.reason}`);
        return;
      }
      setLoaded({ config: started.config, devices: badge.devices });
      setChecked(new Set(badge.devices.map((device) => device.asin)));
    });
    return () => {
      live = false;
    };
  }, [marketplaceId, asin]);

  if (!loaded) return null;
  const { config, devices } = loaded;
  const picked = devices.filter((device) => checked.has(device.asin));
  const messages = config.buttonMessages;

  const toggle = (deviceAsin: string, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(deviceAsin);
    else next.delete(deviceAsin);
    setChecked(next);
    if (add.kind !== 'adding') setAdd({ kind: 'idle' });
  };

  const addAll = async () => {
    if (!smartHomeAddEnabled(picked.length) || add.kind === 'adding') return;
    setAdd({ kind: 'adding' });
    // One cart call for every checked device.
    const result = await addItemsToCart(
      cartApiState(marketplaceId),
      picked.map((device) => ({ asin: device.asin, offerListingId: device.offerlistingid, quantity: 1 })),
      { language, refTag: 'dp_smarthome_badge' },
    );
    if (!result.ok) {
      setAdd({ kind: 'failed' });
      return;
    }
    setAdd({ kind: 'added', count: picked.length });
    onCartCount(result.answer.entity.count.entity.items);
  };

  return (
    <section className="smart-home" aria-labelledby={headingId}>
      <h2 id={headingId} className="smart-home__heading">
        Works with this device: add compatible smart-home devices
      </h2>
      <ul className="smart-home__devices">
        {devices.map((device) => (
          <li key={device.asin} className="smart-home__device">
            <label className="smart-home__label">
              <input
                type="checkbox"
                className="smart-home__checkbox"
                checked={checked.has(device.asin)}
                onChange={(event) => toggle(device.asin, event.currentTarget.checked)}
                data-asin={device.asin}
                data-offerlistingid={device.offerlistingid}
                data-price={device.price}
              />
              {device.image ? (
                <img src={device.image.url} alt="" width={48} height={48} className="smart-home__image" />
              ) : null}
              <span className="smart-home__title">{device.title}</span>
              <span className="smart-home__price">{device.displayPrice}</span>
            </label>
          </li>
        ))}
      </ul>
      <div className="smart-home__footer">
        {smartHomeTotalShown(picked.length) ? (
          <p className="smart-home__total" id={totalId}>
            Total price:{' '}
            <strong data-testid="smart-home-total">
              {smartHomeTotal(
                picked.map((d) => d.price),
                config,
              )}
            </strong>
          </p>
        ) : null}
        <button
          type="button"
          className="button button--cart"
          disabled={!smartHomeAddEnabled(picked.length)}
          {...whileBusy(add.kind === 'adding')}
          aria-describedby={smartHomeTotalShown(picked.length) ? totalId : undefined}
          onClick={addAll}
        >
          {add.kind === 'adding' ? <Spinner label={messages.adding} /> : null}
          {smartHomeMessage(messages.add, picked.length)}
        </button>
      </div>
      {add.kind === 'added' ? (
        <p className="smart-home__added" role="status">
          {smartHomeMessage(messages.added, add.count)}
        </p>
      ) : null}
      {add.kind === 'failed' ? <Alert kind="error">{messages.failed}</Alert> : null}
    </section>
  );
}
