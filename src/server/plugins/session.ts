import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CartOwner } from '../db/repositories/cart-repository';
import { type Customer, findSessionCustomer } from '../db/repositories/session-repository';
import {
  csrfToken,
  deriveKeys,
  encryptSlateToken,
  isAnonymousSessionToken,
  newAnonymousSessionToken,
  newSessionToken,
  publicSessionId,
  SESSION_TOKEN_SHAPE,
  sessionRowId,
  type TokenKeys,
} from '../security/tokens';

export const SESSION_COOKIE = 'session-token';
/** Where a request keeps its session once built. */
const BUILT_SESSION = Symbol('session');
const COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;

/** A session token and what is derived from it, each computed when first needed. */
type Derived = { token: string; id?: string; csrf?: string; row?: string };

/** The signed-in customer a session reads (request.session.customer()). */
export type { Customer };

export type Session = {
  /** Public id the page may see (verificationSessionID). */
  readonly id: string;
  isNew: boolean;
  readonly csrfToken: string;
  /** A fresh encrypted slate token for a page this session renders. */
  slateToken(): string;
  /** The signed-in customer, read once per request. */
  customer(): Promise<Customer | null>;
  /** Whose cart this request works on. */
  cartOwner(): Promise<CartOwner>;
  /** Issues a new session token (sign-in, sign-out): the old cookie stops working. */
  rotate(reply: FastifyReply): string;
  readonly rowId: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    tokenKeys: TokenKeys;
  }
  interface FastifyContextConfig {
    /**
     * Files that are the same for everyone (the client's assets, catalog images, the favicon): a request
     * without a session cookie is not given one, so a shared cache can keep the answer.
     */
    sessionless?: boolean;
  }
  interface FastifyRequest {
    readonly session: Session;
    /** The session's token as the cookie brought it (or a new one), before the session is built. */
    sessionSeed: { derived: Derived; isNew: boolean } | null;
  }
}

/**
 * Whether this request's session is known to have no signed-in customer (a first visit, or a token a
 * first visit was given), told from the cookie alone without building the session: what
 * `session.customer()` would answer with null without a lookup. False when that takes a lookup, or
 * once the session is built (a sign-in may have rotated it). The product read asks on every call.
 */
export function knownAnonymous(request: FastifyRequest): boolean {
  if ((request as FastifyRequest & { [BUILT_SESSION]: Session | null })[BUILT_SESSION]) return false;
  const seed = request.sessionSeed;
  return seed !== null && (seed.isNew || isAnonymousSessionToken(seed.derived.token));
}

/** Anonymous session on first request (HttpOnly, SameSite=Lax cookie); signed-in sessions live in the database. */
export const sessionPlugin = fp(
  async (app) => {
    const keys = deriveKeys(app.env.SESSION_SECRET);
    app.decorate('tokenKeys', keys);
    await app.register(fastifyCookie, { secret: app.env.SESSION_SECRET });

    const setCookie = (reply: FastifyReply, token: string) =>
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        signed: true,
        maxAge: COOKIE_MAX_AGE_S,
        secure: app.env.NODE_ENV === 'production' && app.env.TRUST_PROXY,
      });

    // The derived ids and tokens cost an HMAC each, so they are computed only when a route asks, and
    // once per token and process: a returning shopper's cookie is verified and its tokens derived on
    // their first request here, not on every one. The signature of a cookie cannot stop
    // being valid while the process runs (the secret is fixed), so remembering it changes nothing.
    const known = new Map<string, Derived>();
    // Enough for the shoppers active at once; a larger memo only holds more memory (decision 0030).
    const KNOWN_MAX = 2_000;

    const makeSession = (initial: Derived, isNew: boolean): Session => {
      let derived = initial;
      // A first visit's token never has a signed-in session: no lookup (decision 0021).
      let knownAnonymous = isNew || isAnonymousSessionToken(initial.token);
      let customer: Promise<Customer | null> | undefined;
      const session: Session = {
        get id() {
          derived.id ??= publicSessionId(keys, derived.token);
          return derived.id;
        },
        isNew,
        get csrfToken() {
          derived.csrf ??= csrfToken(keys, derived.token);
          return derived.csrf;
        },
        get rowId() {
          derived.row ??= sessionRowId(derived.token);
          return derived.row;
        },
        slateToken: () => encryptSlateToken(keys, session.id, app.clock()),
        customer: () => {
          customer ??= knownAnonymous
            ? Promise.resolve(null)
            : findSessionCustomer(app.store.db, session.rowId, app.clock());
          return customer;
        },
        cartOwner: async () => {
          const signedIn = await session.customer();
          return signedIn ? { type: 'customer', id: signedIn.id } : { type: 'session', id: session.id };
        },
        rotate: (reply) => {
          derived = { token: newSessionToken() };
          customer = undefined;
          knownAnonymous = false;
          setCookie(reply, derived.token);
          return derived.token;
        },
      };
      return session;
    };

    /** The session token a signed cookie carries, or undefined when the cookie is not ours. */
    const verify = (request: FastifyRequest, raw: string): Derived | undefined => {
      const remembered = known.get(raw);
      if (remembered) return remembered;
      const unsigned = request.unsignCookie(raw);
      if (!unsigned.valid || !unsigned.value || !SESSION_TOKEN_SHAPE.test(unsigned.value)) return undefined;
      if (known.size >= KNOWN_MAX) known.clear();
      const derived: Derived = { token: unsigned.value };
      known.set(raw, derived);
      return derived;
    };

    // The session object is built when a route first asks for it, and kept on the request (a field
    // every request has, not a WeakMap entry per request for the collector to trace).
    app.decorateRequest('sessionSeed', null);
    app.decorateRequest(BUILT_SESSION, null);
    app.decorateRequest('session', {
      getter(this: FastifyRequest): Session {
        const request = this as FastifyRequest & { [BUILT_SESSION]: Session | null };
        let session = request[BUILT_SESSION];
        if (!session) {
          const seed = this.sessionSeed ?? { derived: { token: newSessionToken() }, isNew: true };
          session = makeSession(seed.derived, seed.isNew);
          request[BUILT_SESSION] = session;
        }
        return session;
      },
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.sessionless) return done();
      const raw = request.cookies[SESSION_COOKIE];
      const derived = raw ? verify(request, raw) : undefined;
      if (derived) {
        request.sessionSeed = { derived, isNew: false };
      } else {
        const token = newAnonymousSessionToken();
        setCookie(reply, token);
        request.sessionSeed = { derived: { token }, isNew: true };
      }
      done();
    });
  },
  { name: 'session', dependencies: ['store'] },
);
