import { useState } from 'react';
import { type DigitalDashOutcome, digitalDashOutcome } from '../../../../domain/add-on-services/digital-dash';
import { createDigitalDashButton } from '../../../api/add-on-services-api';
import { whileBusy } from '../../../ui/while-busy';
import type { VariantProps } from '../add-on-widget';
import { ServiceRow } from '../service-row';

/**
 * serviceBanner (VAS-007, VAS-034, VAS-040..043): a banner offering the service, and the digital-dash
 * button that makes a reorder button for the product.
 */
export default function ServiceBanner({ vas, page, hydrated, headingId }: VariantProps) {
  const first = vas.services[0];
  return (
    <>
      <div className="vas-banner">
        <h2 className="vas__heading" id={headingId}>
          {first?.offer
            ? `Have it installed by a pro for ${first.offer.price.displayString}`
            : 'Installation'}
        </h2>
        {vas.services.map((service) => (
          <ServiceRow key={service.serviceAsin} vas={vas} service={service} hydrated={hydrated} />
        ))}
      </div>
      {vas.view.digitalDash ? <DigitalDash path={vas.view.digitalDash.createPath} asin={page.asin} /> : null}
    </>
  );
}

type DashState = { status: 'idle' | 'creating' } | DigitalDashOutcome;

function DigitalDash({ path, asin }: { path: string; asin: string }) {
  const [state, setState] = useState<DashState>({ status: 'idle' });
  const create = async () => {
    if ('status' in state && state.status === 'creating') return;
    setState({ status: 'creating' });
    const reply = await createDigitalDashButton(path, asin);
    const outcome = digitalDashOutcome(reply.status, reply.ok ? reply.answer : { url: reply.refusal?.url });
    // VAS-042: a signed-out shopper signs in first, then comes back.
    if (outcome.kind === 'redirect') window.location.assign(outcome.url);
    setState(outcome);
  };
  const busy = 'status' in state && state.status === 'creating';
  return (
    <div className="vas-dash">
      <p className="vas-dash__text">Reorder its filters with one tap: make a Dash button in the app.</p>
      {'kind' in state && state.kind === 'success' ? (
        <p className="alert alert--success" role="status">
          Your Dash button is ready in the app.
        </p>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void create()}
          {...whileBusy(busy)}
          aria-busy={busy}
        >
          {busy ? 'Creating…' : 'Create a Dash button'}
        </button>
      )}
      {'kind' in state && state.kind === 'alert' ? (
        <div className="alert alert--error" role="alert">
          <strong>{state.title}</strong> {state.message}
        </div>
      ) : null}
      {'kind' in state && state.kind === 'error' ? (
        <p className="alert alert--error" role="alert">
          Something went wrong. Please try again.
        </p>
      ) : null}
    </div>
  );
}
