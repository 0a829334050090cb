import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SignInPageData } from '../../../shared/contracts/pages/sign-in-page';
import { signInForm, signInQuery } from '../../../shared/contracts/sign-in';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import { mergeCarts } from '../../db/repositories/cart-repository';
import {
  clearSignInFailures,
  countSignInFailures,
  createCustomer,
  createSession,
  deleteSession,
  findCustomerByEmail,
  recordSignInFailure,
} from '../../db/repositories/customer-repository';
import { adoptDealClaims } from '../../db/repositories/deal-repository';
import { sendError } from '../../plugins/errors';
import { SIGNED_IN_TTL_MS } from '../../plugins/session';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';
import { hashPassword, verifyPassword } from '../../security/passwords';

export const SIGN_IN_FAILURE_LIMIT = 5;
/** Per address the limit is higher: many shoppers can share one (offices, mobile carriers). */
export const SIGN_IN_FAILURE_LIMIT_PER_IP = 50;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

// A hash to compare against when the email is unknown, so both failures take the same time.
const UNKNOWN_ACCOUNT_HASH = hashPassword(randomUUID());

export const signInRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (app, { assets }) => {
  const language = marketplaceById(DEFAULT_MARKETPLACE_ID)?.language ?? 'en-US';

  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    view: Pick<SignInPageData, 'returnTo' | 'mode' | 'email' | 'error'>,
  ) => {
    // A script that asks for JSON gets the contract's error body; a browser's form post gets the page.
    if (status >= 400 && wantsJson(request)) {
      return sendError(
        reply,
        status,
        ERROR_CODES[status] ?? 'invalid_request',
        view.error ?? 'invalid request',
      );
    }
    return sendPage(
      request,
      reply,
      status,
      {
        title:
          view.mode === 'create-account' ? 'Create account | Northwind Market' : 'Sign in | Northwind Market',
        language,
        robots: 'noindex',
      },
      {
        page: 'sign-in',
        shopper: await shopperView(app, request),
        csrfToken: request.session.csrfToken,
        ...view,
      },
      assets,
    );
  };

  /** The new session id at sign-in (no fixation) and the anonymous cart merged into the customer's, once. */
  const startSession = async (request: FastifyRequest, reply: FastifyReply, customerId: string) => {
    const anonymous = await request.session.cartOwner();
    const now = app.clock();
    request.session.rotate(reply);
    await app.store.db.transaction().execute(async (trx) => {
      await createSession(trx, { id: request.session.rowId, customerId, now, ttlMs: SIGNED_IN_TTL_MS });
      if (anonymous.type === 'session') {
        await mergeCarts(trx, anonymous, { type: 'customer', id: customerId }, now);
        await adoptDealClaims(trx, anonymous, { type: 'customer', id: customerId });
      }
    });
  };

  app.get('/gp/sign-in.html', { schema: { hide: true, querystring: signInQuery } }, async (request, reply) =>
    page(request, reply, 200, {
      returnTo: request.query.path ?? '/',
      mode: request.query.mode ?? 'sign-in',
      email: '',
      error: null,
    }),
  );

  app.post(
    '/gp/sign-in.html',
    {
      schema: { hide: true, body: signInForm },
      // A form post gets the page back with the problem shown, not a JSON error.
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) {
        const raw = (request.body ?? {}) as Record<string, unknown>;
        const mode = raw.action === 'create-account' ? 'create-account' : 'sign-in';
        const issue = request.validationError.validation[0];
        return page(request, reply, 400, {
          returnTo:
            typeof raw.path === 'string' && raw.path.startsWith('/') && !raw.path.startsWith('//')
              ? raw.path
              : '/',
          mode,
          email: typeof raw.email === 'string' ? raw.email.slice(0, 254) : '',
          error: issue?.message ? capitalize(issue.message) : 'Check the form and try again.',
        });
      }
      const form = request.body;
      if (form.action === 'sign-out') {
        await deleteSession(app.store.db, request.session.rowId);
        request.session.rotate(reply);
        return reply.redirect(form.path, 303);
      }

      const now = app.clock();
      const ip = request.ip;
      const failures = await countSignInFailures(
        app.store.db,
        form.email,
        ip,
        now - SIGN_IN_FAILURE_WINDOW_MS,
      );
      if (failures.email >= SIGN_IN_FAILURE_LIMIT || failures.ip >= SIGN_IN_FAILURE_LIMIT_PER_IP) {
        app.metrics.signIns.inc({ outcome: 'rate_limited' });
        reply.header('retry-after', String(Math.ceil(SIGN_IN_FAILURE_WINDOW_MS / 1000)));
        return page(request, reply, 429, {
          returnTo: form.path,
          mode: form.action,
          email: form.email,
          error: 'Too many failed attempts. Wait 15 minutes and try again.',
        });
      }

      if (form.action === 'create-account') {
        if (await findCustomerByEmail(app.store.db, form.email)) {
          return page(request, reply, 409, {
            returnTo: form.path,
            mode: 'create-account',
            email: form.email,
            error: 'An account with this email already exists. Sign in instead.',
          });
        }
        const id = `cust-${randomUUID()}`;
        await createCustomer(app.store.db, {
          id,
          email: form.email,
          password_hash: await hashPassword(form.password),
          name: form.name,
          is_prime: 0,
          is_business: 0,
          postal_code: null,
          created_at: now,
        });
        await startSession(request, reply, id);
        app.metrics.signIns.inc({ outcome: 'account_created' });
        return reply.redirect(form.path, 303);
      }

      const customer = await findCustomerByEmail(app.store.db, form.email);
      const valid = await verifyPassword(
        form.password,
        customer?.password_hash ?? (await UNKNOWN_ACCOUNT_HASH),
      );
      if (!customer || !valid) {
        await recordSignInFailure(app.store.db, form.email, ip, now);
        app.metrics.signIns.inc({ outcome: 'failed' });
        return page(request, reply, 401, {
          returnTo: form.path,
          mode: 'sign-in',
          email: form.email,
          error: 'Your email or password is incorrect.',
        });
      }
      await clearSignInFailures(app.store.db, form.email);
      await startSession(request, reply, customer.id);
      app.metrics.signIns.inc({ outcome: 'signed_in' });
      return reply.redirect(form.path, 303);
    },
  );
};

const ERROR_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'invalid_credentials',
  409: 'account_exists',
  429: 'too_many_attempts',
};

const wantsJson = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
