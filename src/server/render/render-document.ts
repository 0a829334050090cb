import type { PageData } from '../../shared/contracts/pages/page-data';
import { PAGE_DATA_ELEMENT_ID } from '../../shared/page-data-element';
import { renderApp } from '../../web/entry-server';
import type { ClientAssets } from './client-assets';

export type DocumentHead = {
  title: string;
  description?: string;
  canonicalPath?: string;
  language: string;
  csrfToken: string;
  slateToken: string;
  /** The page's main image: preloaded, and shown in link previews. */
  image?: string;
  jsonLd?: unknown;
  robots?: string;
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

// JSON inside <script> must not close the tag or open a comment; \u003c keeps it valid JSON.
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The whole HTML document: head with the session's tokens, server-rendered markup, page data, client script. */
export function renderDocument(
  head: DocumentHead,
  data: PageData,
  assets: ClientAssets | undefined,
  origin: string,
): string {
  const markup = renderApp(data);
  const page = assets?.pages[data.page];
  const lines = [
    '<!doctype html>',
    `<html lang="${escapeHtml(head.language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}">` : '',
    head.robots ? `<meta name="robots" content="${escapeHtml(head.robots)}">` : '',
    head.canonicalPath ? `<link rel="canonical" href="${escapeHtml(origin + head.canonicalPath)}">` : '',
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    head.description ? `<meta property="og:description" content="${escapeHtml(head.description)}">` : '',
    head.canonicalPath ? `<meta property="og:url" content="${escapeHtml(origin + head.canonicalPath)}">` : '',
    head.image
      ? `<meta property="og:image" content="${escapeHtml(head.image.startsWith('/') ? origin + head.image : head.image)}">`
      : '',
    `<meta name="csrf-token" content="${escapeHtml(head.csrfToken)}">`,
    `<meta name="encrypted-slate-token" content="${escapeHtml(head.slateToken)}">`,
    // The main image is preloaded here, before the stylesheet, so the largest paint starts early.
    head.image?.startsWith('/')
      ? `<link rel="preload" as="image" href="${escapeHtml(head.image)}" fetchpriority="high">`
      : '',
    // The stylesheet is small enough to inline (CSS text cannot close a <style> element it does not contain).
    assets?.inlineCss ? `<style>${assets.inlineCss.replaceAll('</style', '<\\/style')}</style>` : '',
    ...(assets?.preloads ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    // A page other than the product page brings its own chunk: its styles load before the first paint
    // (no flash of unstyled content) and its script is fetched alongside the entry's.
    ...(page?.styles ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(page?.preloads ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    assets?.script ? `<script type="module" src="${escapeHtml(assets.script)}"></script>` : '',
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
    '</head>',
    '<body>',
    `<div id="root">${markup}</div>`,
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`,
    '</body>',
    '</html>',
  ];
  return lines.filter(Boolean).join('\n');
}
