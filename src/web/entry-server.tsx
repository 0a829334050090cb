import { renderToString } from 'react-dom/server';
import { App } from './app';
import type { PageData } from './page-data';

/** Renders a page's markup for the server to wrap in the document. */
export function renderApp(data: PageData): string {
  return renderToString(<App data={data} />);
}
