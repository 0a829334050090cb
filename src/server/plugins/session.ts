import fastifyCookie from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { CartOwner } from '../db/repositories/cart-repository';
import { type Customer, findSessionCustomer } from '../db/repositories/session-repository';
import {
  csrfToken,
  deriveKeys,
  encryptSlateToken,
  newSessionToken,
  publicSessionId,
  sessionRowId,
  type TokenKeys,
} from '../security/tokens';

export const SESSION_COOKIE = 'session-token';
const COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;

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
  interface FastifyRequest {
    session: Session;
  }
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

    // The derived ids and tokens cost an HMAC each, so they are computed only when a route asks.
    const makeSession = (initial: string, isNew: boolean): Session => {
      let token = initial;
      let knownAnonymous = isNew;
      let customer: Promise<Customer | null> | undefined;
      let derived: { id?: string; csrf?: string; row?: string } = {};
      const session: Session = {
        get id() {
          derived.id ??= publicSessionId(keys, token);
          return derived.id;
        },
        isNew,
        get csrfToken() {
          derived.csrf ??= csrfToken(keys, token);
          return derived.csrf;
        },
        get rowId() {
          derived.row ??= sessionRowId(token);
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
          token = newSessionToken();
          derived = {};
          customer = undefined;
          knownAnonymous = false;
          setCookie(reply, token);
          return token;
        },
      };
      return session;
    };

    app.decorateRequest('session', null as unknown as Session);
    app.addHook('onRequest', async (request, reply) => {
      const raw = request.cookies[SESSION_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      if (unsigned?.valid && unsigned.value && /^[A-Za-z0-9_-]{43}$/.test(unsigned.value)) {
        request.session = makeSession(unsigned.value, false);
        return;
      }
      const token = newSessionToken();
      setCookie(reply, token);
      request.session = makeSession(token, true);
    });
  },
  { name: 'session', dependencies: ['store'] },
);
