import type { ProductPageData } from '../../../shared/contracts/pages/product-page';

/** The other products of the family, under the sub-navigation; hovering or focusing shows each label. */
export function FamilyStripe({ family }: { family: ProductPageData['product']['family'] }) {
  if (family.length < 2) return null;
  return (
    <nav className="family-stripe" aria-label="Other models in this family">
      <ul>
        {family.map((member) => (
          <li key={member.asin}>
            <a
              href={`/dp/${member.asin}`}
              className="family-stripe__item"
              aria-current={member.selected ? 'page' : undefined}
            >
              {member.image ? <img src={member.image} alt="" width={40} height={40} loading="lazy" /> : null}
              <span className="family-stripe__label">{member.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
