import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SignInPageData } from '../../../shared/contracts/pages/sign-in-page';
import { signInForm, signInQuery } from '../../../shared/contracts/sign-in';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import { SIGN_IN_PATH } from '../../../shared/sign-in-url';
import { RATE_LIMITS } from '../../plugins/rate-limits';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';
import type { Refusal } from '../../services/refusal';
import { SIGN_IN_FAILURE_WINDOW_MS, signInWithPassword, signOut } from '../../services/sign-in/sign-in';
import { type RefusalCode, refusalStatus, sendRefusal } from '../refusal-status';

export const signInRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (app, { assets }) => {
  const language = marketplaceById(DEFAULT_MARKETPLACE_ID)?.language ?? 'en-US';

  /** The sign-in page, or with a refusal: the page again with its message, at the refusal's status. */
  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    view: Pick<SignInPageData, 'returnTo' | 'mode' | 'email'>,
    refusal?: Refusal<RefusalCode>,
  ) => {
    // A script that asks for JSON gets the contract's error body; a browser's form post gets the page.
    if (refusal && wantsJson(request)) return sendRefusal(reply, refusal);
    return sendPage(
      request,
      reply,
      refusal ? refusalStatus(refusal.code) : 200,
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
        error: refusal?.message ?? null,
      },
      assets,
    );
  };

  app.get(SIGN_IN_PATH, { schema: { hide: true, querystring: signInQuery } }, async (request, reply) => {
    // Decision 0015: a signed-in shopper is not shown a page titled "Sign in"; their account page has
    // their orders and the Sign out button.
    if (await request.session.customer()) return reply.redirect('/gp/css/homepage.html', 303);
    return page(request, reply, {
      returnTo: request.query.path ?? '/',
      mode: request.query.mode ?? 'sign-in',
      email: '',
    });
  });

  app.post(
    SIGN_IN_PATH,
    {
      config: { rateLimit: RATE_LIMITS.signIn },
      schema: { hide: true, body: signInForm },
      // A form post gets the page back with the problem shown, not a JSON error.
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) {
        const raw = (request.body ?? {}) as Record<string, unknown>;
        const mode = raw.action === 'create-account' ? 'create-account' : 'sign-in';
        const issue = request.validationError.validation[0];
        const returnTo =
          typeof raw.path === 'string' && raw.path.startsWith('/') && !raw.path.startsWith('//')
            ? raw.path
            : '/';
        const email = typeof raw.email === 'string' ? raw.email.slice(0, 254) : '';
        const message = issue?.message ? capitalize(issue.message) : 'Check the form and try again.';
        return page(request, reply, { returnTo, mode, email }, { code: 'invalid_request', message });
      }
      const form = request.body;
      if (form.action === 'sign-out') {
        await signOut(app.store.db, request.session.rowId);
        request.session.rotate(reply);
        return reply.redirect(form.path, 303);
      }
      const result = await signInWithPassword(app.store.db, form, {
        ip: request.ip,
        now: app.clock(),
        session: {
          cartOwner: () => request.session.cartOwner(),
          rotate: () => {
            request.session.rotate(reply);
            return request.session.rowId;
          },
        },
      });
      if (result.outcome) app.metrics.signIns.inc({ outcome: result.outcome });
      if (result.ok) return reply.redirect(form.path, 303);
      if (result.refusal.code === 'too_many_attempts') {
        reply.header('retry-after', String(Math.ceil(SIGN_IN_FAILURE_WINDOW_MS / 1000)));
      }
      const view = { returnTo: form.path, mode: form.action, email: form.email };
      return page(request, reply, view, result.refusal);
    },
  );
};

const wantsJson = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
