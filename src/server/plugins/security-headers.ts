import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

// Security headers come from helmet (issue 10 #19), not from hand-written header lines: every answer
// (JSON, errors, redirects, static files) gets nosniff, a frame ban and a Content-Security-Policy that
// allows nothing; an HTML page swaps in its own policy (render/send-page.ts).

/** Anything that is not a page loads nothing and may be framed by no one. */
const NOTHING = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};

/** Registers helmet for every route, the 404 handler and error answers included. */
export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      global: true,
      // No helmet defaults merged in: they add upgrade-insecure-requests, which breaks a store served
      // over plain HTTP on a private network or in tests.
      contentSecurityPolicy: { useDefaults: false, directives: NOTHING },
      frameguard: { action: 'deny' },
    });
  },
  { name: 'security-headers' },
);
