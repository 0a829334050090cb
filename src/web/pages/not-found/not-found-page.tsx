import type { NotFoundPageData } from '../../../shared/contracts/pages/help-page';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';

export function NotFoundPage({ data }: { data: NotFoundPageData }) {
  return (
    <>
      <SiteHeader shopper={data.shopper} cartCount={data.shopper.cartCount} returnTo={data.path} />
      <main id="top" tabIndex={-1} className="page page--narrow">
        <h1>Sorry, we couldn't find that page</h1>
        <p>The product may no longer be available, or the address may be mistyped.</p>
        <p>
          <a className="button button--primary" href="/dp/B0PDPSPK01">
            See our featured speaker
          </a>
        </p>
      </main>
      <SiteFooter />
    </>
  );
}
