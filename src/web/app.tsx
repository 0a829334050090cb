import type { ReactNode } from 'react';
import type { PageData } from '../shared/contracts/pages/page-data';
import { ProductPage } from './pages/product/product-page';

export type PageName = PageData['page'];
type DataOf<N extends PageName> = Extract<PageData, { page: N }>;
export type PageComponent<N extends PageName> = (props: { data: DataOf<N> }) => ReactNode;
/** The pages other than the product page: each is its own chunk in the browser. */
export type LazyPageName = Exclude<PageName, 'product'>;
export type LazyPages = { [N in LazyPageName]?: PageComponent<N> };

const lazyPages: LazyPages = {};

/**
 * Hands the app pages that load apart from the product page. The server provides them all before it
 * renders; the browser provides the one it hydrates, from its chunk, before it hydrates, so the first
 * client render matches the server's markup.
 */
export function providePages(pages: LazyPages): void {
  Object.assign(lazyPages, pages);
}

function missing(page: PageName): never {
  throw new Error(`the ${page} page was not loaded before rendering`);
}

/** The root every page renders from, on the server and in the browser alike. */
export function App({ data }: { data: PageData }) {
  switch (data.page) {
    case 'product':
      return <ProductPage data={data} />;
    case 'sign-in': {
      const Page = lazyPages['sign-in'] ?? missing(data.page);
      return <Page data={data} />;
    }
    case 'not-found': {
      const Page = lazyPages['not-found'] ?? missing(data.page);
      return <Page data={data} />;
    }
    case 'cart': {
      const Page = lazyPages.cart ?? missing(data.page);
      return <Page data={data} />;
    }
    case 'checkout': {
      const Page = lazyPages.checkout ?? missing(data.page);
      return <Page data={data} />;
    }
    case 'account': {
      const Page = lazyPages.account ?? missing(data.page);
      return <Page data={data} />;
    }
    case 'list': {
      const Page = lazyPages.list ?? missing(data.page);
      return <Page data={data} />;
    }
    case 'help': {
      const Page = lazyPages.help ?? missing(data.page);
      return <Page data={data} />;
    }
    case 'split-basket': {
      const Page = lazyPages['split-basket'] ?? missing(data.page);
      return <Page data={data} />;
    }
    case 'grocery': {
      const Page = lazyPages.grocery ?? missing(data.page);
      return <Page data={data} />;
    }
    case 'service': {
      const Page = lazyPages.service ?? missing(data.page);
      return <Page data={data} />;
    }
    case 'trade-in': {
      const Page = lazyPages['trade-in'] ?? missing(data.page);
      return <Page data={data} />;
    }
    case 'registries': {
      const Page = lazyPages.registries ?? missing(data.page);
      return <Page data={data} />;
    }
    case 'order-confirmation': {
      const Page = lazyPages['order-confirmation'] ?? missing(data.page);
      return <Page data={data} />;
    }
  }
}
