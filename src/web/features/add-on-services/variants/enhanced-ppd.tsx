import { useId } from 'react';
import type { AddOnServiceView } from '../../../../shared/contracts/add-on-services';
import type { VariantProps } from '../add-on-widget';
import { CombineNote, ServiceRow } from '../service-row';

/**
 * enhancedPPD (VAS-013..016): each service's checkbox, and under a plan with a longer one its upgrade
 * checkbox: checking it switches to the upgrade (and checks the plan), unchecking goes back.
 */
export default function EnhancedPpd({ vas, hydrated, headingId }: VariantProps) {
  return (
    <>
      <h2 className="vas__heading" id={headingId}>
        Protect and set up your purchase
      </h2>
      <CombineNote services={vas.services} />
      {vas.services.map((service) => (
        <div key={service.serviceAsin} className="vas-enhanced">
          <ServiceRow vas={vas} service={service} hydrated={hydrated} />
          {service.upgrade?.offer ? <UpgradeBox vas={vas} service={service} /> : null}
        </div>
      ))}
    </>
  );
}

function UpgradeBox({ vas, service }: { vas: VariantProps['vas']; service: AddOnServiceView }) {
  const id = useId();
  const upgrade = service.upgrade;
  if (!upgrade) return null;
  const choice = vas.choiceOf(service.serviceAsin);
  const checked = choice.selected === service.serviceAsin && choice.upgraded;
  const extra = upgrade.extraPrice?.displayString;
  return (
    <div className="vas-upgrade">
      <input
        type="checkbox"
        id={id}
        checked={checked}
        onChange={(event) =>
          vas.choose(
            event.target.checked
              ? { type: 'checkUpgrade', serviceAsin: service.serviceAsin }
              : { type: 'uncheckUpgrade', serviceAsin: service.serviceAsin },
          )
        }
      />
      <label htmlFor={id}>
        Upgrade to {upgrade.title}
        {extra ? ` for ${extra} more` : ''}
      </label>
    </div>
  );
}
