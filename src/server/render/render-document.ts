import { createHash } from 'node:crypto';
import type { PageData } from '../../shared/contracts/pages/page-data';
import { PAGE_DATA_ELEMENT_ID } from '../../shared/page-data-element';
import { renderApp } from '../../web/entry-server';
import type { ClientAssets } from './client-assets';
import { type ProductPart, productPartsShown } from './inline-styles';

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

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

// JSON inside <script> must not close the tag or open a comment; \u003c keeps it valid JSON. One pass
// over the page data (it is the largest part of the document after the markup).
const SCRIPT_UNSAFE = /[<\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
// Most pages hold none of the three: three indexOf scans cost a tenth of the regular expression's,
// which is slow over the two-byte string a page's data is when a title has a dash.
const scriptJson = (value: unknown) => {
  const json = JSON.stringify(value);
  return json.indexOf('<') === -1 && json.indexOf('\u2028') === -1 && json.indexOf('\u2029') === -1
    ? json
    : json.replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c] ?? c);
};

/** The CSP source of an inline <style> element's text (its SHA-256, as the policy names it). */
const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

// A part that opens by script shows its closed content when script is off (a style belongs in the head).
const NO_SCRIPT_CSS = '[data-shown-without-script][hidden]{display:block}';
const NO_SCRIPT_STYLE_HASH = styleHash(NO_SCRIPT_CSS);

/** The head's inline stylesheet and preloads, and the CSP source of that stylesheet. */
type AssetsHead = { bytes: Buffer; styleHash: string | null };

/** The parts of the document that depend only on the build (and on which product parts a page shows). */
type Shell = { assetsHeads: Map<string, AssetsHead>; pageHead: Map<string, string> };
const shells = new WeakMap<ClientAssets, Shell>();

function shellOf(assets: ClientAssets): Shell {
  let shell = shells.get(assets);
  if (!shell) {
    shell = { assetsHeads: new Map(), pageHead: new Map() };
    shells.set(assets, shell);
  }
  return shell;
}

/** The inline stylesheet (the shared one and the shown parts' own) and the entry's preloads. */
function assetsHeadOf(assets: ClientAssets, parts: readonly ProductPart[]): AssetsHead {
  const shell = shellOf(assets);
  const key = parts.join(' ');
  let head = shell.assetsHeads.get(key);
  if (!head) {
    const css = [assets.inlineCss, ...parts.map((part) => assets.partCss[part])]
      .filter(Boolean)
      .join('\n')
      .replaceAll('</style', '<\\/style');
    const lines = [
      // The stylesheet is small enough to inline (CSS text cannot close a <style> element it does not contain).
      css ? `<style>${css}</style>` : '',
      ...assets.preloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    ];
    // Kept as UTF-8 bytes: the stylesheet is the largest part of a page and never changes.
    const text = lines.filter(Boolean).join('\n');
    head = { bytes: Buffer.from(text ? `\n${text}` : ''), styleHash: css ? styleHash(css) : null };
    shell.assetsHeads.set(key, head);
  }
  return head;
}

/** A page's own chunk and the entry script, after the shared head. */
function pageHeadOf(assets: ClientAssets, pageName: string): string {
  const shell = shellOf(assets);
  let head = shell.pageHead.get(pageName);
  if (head === undefined) {
    const page = assets.pages[pageName];
    head = [
      // A page other than the product page brings its own chunk: its styles load before the first paint
      // (no flash of unstyled content) and its script is fetched alongside the entry's.
      ...(page?.styles ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
      ...(page?.preloads ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
      // The boot script starts the entry once the main image has painted (src/web/boot.ts).
      assets.script && assets.boot
        ? `<script type="module" src="${escapeHtml(assets.boot)}" data-entry="${escapeHtml(assets.script)}"></script>`
        : assets.script
          ? `<script type="module" src="${escapeHtml(assets.script)}"></script>`
          : '',
    ]
      .filter(Boolean)
      .join('\n');
    shell.pageHead.set(pageName, head);
  }
  return head;
}

const joinLines = (lines: readonly string[]) => {
  let text = '';
  for (const line of lines) if (line) text += text ? `\n${line}` : line;
  return text;
};

// The document is encoded part by part into one scratch buffer and copied out once: the markup and the
// page data (the two large strings, two-byte when the product has a dash in its title) are each encoded
// where they land, instead of being joined into one string, flattened, encoded and concatenated again.
// Rendering is synchronous, so one scratch buffer per process serves every page.
let scratch = Buffer.allocUnsafeSlow(128 * 1024);

function encodeParts(parts: ReadonlyArray<string | Buffer>): Buffer {
  let most = 0;
  // UTF-8 takes at most three bytes per UTF-16 code unit.
  for (const part of parts) most += typeof part === 'string' ? part.length * 3 : part.length;
  if (most > scratch.length) scratch = Buffer.allocUnsafeSlow(Math.max(most, scratch.length * 2));
  let length = 0;
  for (const part of parts) {
    length += typeof part === 'string' ? scratch.write(part, length) : part.copy(scratch, length);
  }
  const bytes = Buffer.allocUnsafe(length);
  scratch.copy(bytes, 0, 0, length);
  return bytes;
}

/**
 * A rendered page: its bytes, and the CSP sources of its inline styles (the `<style>` elements' hashes),
 * which its Content-Security-Policy allows and nothing else inline.
 */
export type RenderedDocument = { bytes: Buffer; styleSources: readonly string[] };

/**
 * The whole HTML document as UTF-8 bytes: head with the session's tokens, server-rendered markup, page
 * data, client script. The build's part (stylesheet, preloads) is encoded once per build.
 */
export function renderDocument(
  head: DocumentHead,
  data: PageData,
  assets: ClientAssets | undefined,
  origin: string,
): RenderedDocument {
  const markup = renderApp(data);
  const assetsHead = assets ? assetsHeadOf(assets, productPartsShown(data)) : null;
  const before = [
    '<!doctype html>',
    `<html lang="${escapeHtml(head.language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // The main image (the largest paint) is preloaded in the first bytes, before the meta tags and the
    // stylesheet, so its request starts as soon as the head arrives.
    head.image?.startsWith('/')
      ? `<link rel="preload" as="image" href="${escapeHtml(head.image)}" fetchpriority="high">`
      : '',
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
    `<noscript><style>${NO_SCRIPT_CSS}</style></noscript>`,
  ];
  const bytes = encodeParts([
    joinLines(before),
    assetsHead ? assetsHead.bytes : '',
    `\n${joinLines([
      assets ? pageHeadOf(assets, data.page) : '',
      head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
      '</head>',
      '<body>',
    ])}\n<div id="root">`,
    markup,
    `</div>\n<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`,
    scriptJson(data),
    '</script>\n</body>\n</html>',
  ]);
  return {
    bytes,
    styleSources: assetsHead?.styleHash
      ? [assetsHead.styleHash, NO_SCRIPT_STYLE_HASH]
      : [NO_SCRIPT_STYLE_HASH],
  };
}
