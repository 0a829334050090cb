import type { ServerResponse } from 'node:http';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

// Security headers come from helmet (decision 0016), not from hand-written header lines: every answer
// (JSON, errors, redirects, static files) gets nosniff, a frame ban and a Content-Security-Policy that
// allows nothing; an HTML page swaps in its own policy (render/send-page.ts).
//
// @fastify/helmet builds helmet's middleware from its options on every request (parsing the policy
// each time): a tenth of a cached product read. The options never change, so helmet runs
// once per policy at start-up, on a probe app, and each answer gets the header lines it wrote.

/** Anything that is not a page loads nothing and may be framed by no one. */
const NOTHING = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};

const EVERY_ANSWER: FastifyHelmetOptions = {
  // No helmet defaults merged in: they add upgrade-insecure-requests, which breaks a store served
  // over plain HTTP on a private network or in tests.
  contentSecurityPolicy: { useDefaults: false, directives: NOTHING },
  frameguard: { action: 'deny' },
  // Headers that only a browser document reads (DNS prefetching from its links, IE's download
  // prompt and XSS filter, Flash and PDF policy files, agent clusters, the opener of a window) say
  // nothing about a JSON answer, an error or a redirect; each costs a header line on every answer.
  // HTML pages add them back (PAGE below).
  dnsPrefetchControl: false,
  ieNoOpen: false,
  xssFilter: false,
  permittedCrossDomainPolicies: false,
  originAgentCluster: false,
  crossOriginOpenerPolicy: false,
};

// Scripts only from our origin: page data travels as JSON, never as inline script. Styles from our
// origin and, per page, the hashes of its own <style> elements (applyPageSecurityHeaders); no inline
// style attribute (style-src-attr falls back to style-src, which has no 'unsafe-inline').
const PAGE_STYLE_SRC = "style-src 'self'";
const PAGE_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** An HTML page: the answers' options with the document headers, the page's own policy and referrer policy. */
const PAGE: FastifyHelmetOptions = {
  ...EVERY_ANSWER,
  dnsPrefetchControl: { allow: false },
  ieNoOpen: true,
  xssFilter: true,
  permittedCrossDomainPolicies: { permittedPolicies: 'none' },
  originAgentCluster: true,
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  contentSecurityPolicy: { useDefaults: false, directives: PAGE_CSP },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

type HeaderLines = ReadonlyArray<readonly [name: string, value: string | number | string[]]>;

/** The header lines helmet sets with these options, in its order and spelling. */
async function helmetHeaderLines(options: FastifyHelmetOptions): Promise<HeaderLines> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, { ...options, global: true });
  let lines: HeaderLines = [];
  probe.get('/', (_request, reply) => {
    // getRawHeaderNames (Node ≥ 15.13, missing from @types/node 20) keeps helmet's spelling on the wire.
    const raw = reply.raw as ServerResponse & { getRawHeaderNames(): string[] };
    lines = raw.getRawHeaderNames().map((name) => [name, raw.getHeader(name) ?? ''] as const);
    return '';
  });
  await probe.inject('/');
  await probe.close();
  if (lines.length === 0) throw new Error('helmet set no headers on the probe');
  return lines;
}

function setLines(raw: ServerResponse, lines: HeaderLines) {
  for (const [name, value] of lines) raw.setHeader(name, value);
}

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Swaps the answer's security headers for an HTML page's (its own policy, referrer policy); the
     * policy allows the page's inline styles by their CSP sources (`'sha256-…'`).
     */
    applyPageSecurityHeaders(styleSources: readonly string[]): void;
  }
}

/** Gives every answer helmet's headers, the 404 handler and error answers included. */
export const securityHeadersPlugin = fp(
  async (app) => {
    const [everyAnswer, page] = await Promise.all([helmetHeaderLines(EVERY_ANSWER), helmetHeaderLines(PAGE)]);
    app.addHook('onRequest', (_request, reply, done) => {
      setLines(reply.raw, everyAnswer);
      done();
    });
    const policy = page.find(([name]) => name.toLowerCase() === 'content-security-policy');
    if (!policy || !String(policy[1]).includes(PAGE_STYLE_SRC)) {
      throw new Error(`the page policy has no "${PAGE_STYLE_SRC}" to add the inline styles' hashes to`);
    }
    const [policyName, policyValue] = [policy[0], String(policy[1])];
    app.decorateReply(
      'applyPageSecurityHeaders',
      function (this: FastifyReply, styleSources: readonly string[]) {
        setLines(this.raw, page);
        if (styleSources.length > 0) {
          this.raw.setHeader(
            policyName,
            policyValue.replace(PAGE_STYLE_SRC, `${PAGE_STYLE_SRC} ${styleSources.join(' ')}`),
          );
        }
      },
    );
  },
  { name: 'security-headers' },
);
