import type { HelpPageData } from '../../../shared/contracts/pages/help-page';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';

export function HelpPage({ data }: { data: HelpPageData }) {
  return (
    <>
      <SiteHeader shopper={data.shopper} cartCount={data.shopper.cartCount} returnTo="/" />
      <main id="top" tabIndex={-1} className="page page--narrow">
        <h1>{data.title}</h1>
        {data.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </main>
      <SiteFooter />
    </>
  );
}
