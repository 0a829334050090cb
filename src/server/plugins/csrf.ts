import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decryptSlateToken, safeEqual } from '../security/tokens';
import { sendError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cart API calls also need the encrypted slate token from the page (SEC-002, SEC-005). */
    requireSlateToken?: boolean;
    /** The spec's fresh order call carries its token as `?csrf=` (GRO-019); such a route says so. */
    csrfQueryParam?: string;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** Every state-changing request carries the session's CSRF token (header or `csrfToken` form field), else 403. */
export const csrfPlugin = fp(
  async (app) => {
    // Opening a slate token (AES-GCM) gives the same session id every time for the same token and key,
    // so a token opened once in this process is remembered, as the session plugin remembers a cookie's
    // signature: a shopper's cart calls open it once, not on every call (decision 0028).
    const openedSlates = new Map<string, string>();
    // Enough for the shoppers active at once; at 10,000 the two memos (this and the session plugin's)
    // grew a process by about 10 MB over the growth bench's 5 minutes (decision 0030).
    const OPENED_MAX = 2_000;
    const slateSessionId = (slate: string): string | undefined => {
      const remembered = openedSlates.get(slate);
      if (remembered !== undefined) return remembered;
      const opened = decryptSlateToken(app.tokenKeys, slate);
      if (!opened) return undefined;
      if (openedSlates.size >= OPENED_MAX) openedSlates.clear();
      openedSlates.set(slate, opened.sessionId);
      return opened.sessionId;
    };
    // A callback hook: a GET (every read and page) passes without a promise and a microtask.
    // A refused request is answered here and the chain stops (done is not called).
    app.addHook('preValidation', (request, reply, done) => {
      if (SAFE_METHODS.has(request.method)) return done();
      const body = request.body as Record<string, unknown> | undefined;
      const queryName = request.routeOptions.config.csrfQueryParam;
      const query = request.query as Record<string, unknown> | undefined;
      const sent =
        headerValue(request, 'x-csrf-token') ??
        (queryName && typeof query?.[queryName] === 'string' ? (query[queryName] as string) : undefined) ??
        headerValue(request, 'anti-csrftoken-a2z') ??
        (body && typeof body === 'object' && typeof body.csrfToken === 'string'
          ? body.csrfToken
          : undefined) ??
        // The trade-in, list and registry posts may name it `token` (decisions 0059, 0062).
        (body && typeof body === 'object' && typeof body.token === 'string' ? body.token : undefined);
      if (!sent || request.session.isNew || !safeEqual(sent, request.session.csrfToken)) {
        sendError(reply, 403, 'csrf_token_invalid', 'missing or invalid CSRF token', 'x-csrf-token');
        return;
      }
      if (request.routeOptions.config.requireSlateToken) {
        const slate = headerValue(request, 'x-encrypted-slate-token');
        const sessionId = slate ? slateSessionId(slate) : undefined;
        if (sessionId === undefined || sessionId !== request.session.id) {
          sendError(
            reply,
            403,
            'slate_token_invalid',
            'missing or invalid encrypted slate token',
            'x-encrypted-slate-token',
          );
          return;
        }
      }
      done();
    });
  },
  { name: 'csrf', dependencies: ['session'] },
);
