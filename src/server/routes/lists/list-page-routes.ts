import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ideaListQuery, listPageParams, listPageQuery } from '../../../shared/contracts/lists';
import type { ListPageData } from '../../../shared/contracts/pages/list-page';
import {
  LIST_NOTICES,
  LIST_PATHS,
  LIST_PROBLEMS,
  type ListNotice,
  type ListProblemCode,
} from '../../../shared/list-constants';
import { DEFAULT_MARKETPLACE_ID, MARKETPLACES } from '../../../shared/marketplaces';
import { signInUrl } from '../../../shared/sign-in-url';
import type { AreaRoutes } from '../../areas/server-area';
import { sendPage, shopperView } from '../../render/send-page';
import { listIndexView, listPageView } from '../../services/lists/list-pages';
import { completePendingAdd, PENDING_ADD_COOKIE } from '../../services/lists/pending-adds';
import { withListNotice } from './list-replies';

const _TAGS = ['lists'];
const marketplace = MARKETPLACES[DEFAULT_MARKETPLACE_ID];
const noticeQuery = z.object({
  notice: z
    .enum(Object.keys(LIST_NOTICES) as [ListNotice])
    .optional()
    .catch(undefined),
  problem: z
    .enum(Object.keys(LIST_PROBLEMS) as [ListProblemCode])
    .optional()
    .catch(undefined),
});
const _EMPTY_DONE = { ok: true, listUrl: '', shareUrl: null };

/** The list pages (LIST-004..006) and the owner's actions on them: plain forms that also take JSON. */
export const listPageRoutes: AreaRoutes = async (app, { assets }) => {
  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    view: Omit<ListPageData, 'page' | 'shopper' | 'csrfToken' | 'notice'>,
  ) => {
    const query = noticeQuery.parse(request.query);
    const notice = query.notice
      ? { kind: 'success' as const, message: LIST_NOTICES[query.notice] }
      : query.problem
        ? { kind: 'error' as const, message: LIST_PROBLEMS[query.problem] }
        : null;
    const title = view.list ? `${view.list.name} | Northwind Market` : 'Your Lists | Northwind Market';
    return sendPage(
      request,
      reply,
      200,
      { title, language: marketplace.language, robots: 'noindex' },
      {
        page: 'list',
        shopper: await shopperView(app, request),
        csrfToken: request.session.csrfToken,
        notice,
        ...view,
      },
      assets,
    );
  };
  const show = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    token: string | undefined,
  ) => {
    const view = await listPageView(app.store.db, await request.session.customer(), id, token, marketplace);
    // A private list is 404 to everyone but its owner: the same page as a list that does not exist.
    return view.ok ? page(request, reply, view.value) : app.renderNotFound(request, reply);
  };
  const pageSchema = { hide: true, params: listPageParams, querystring: listPageQuery.passthrough() };

  app.get('/hz/wishlist/ls', { schema: { hide: true } }, async (request, reply) => {
    const customer = await request.session.customer();
    if (!customer) return reply.redirect(signInUrl('/hz/wishlist/ls'), 303);
    return page(request, reply, await listIndexView(app.store.db, customer));
  });
  app.get('/hz/wishlist/ls/:listExternalId', { schema: pageSchema }, (request, reply) =>
    show(request, reply, request.params.listExternalId, request.query.token),
  );
  app.get('/gp/registry/wishlist/:listExternalId', { schema: pageSchema }, (request, reply) =>
    show(request, reply, request.params.listExternalId, request.query.token),
  );
  app.get('/gp/registry/giftlist/:listExternalId', { schema: pageSchema }, (request, reply) =>
    show(request, reply, request.params.listExternalId, request.query.token),
  );
  app.get(
    '/create/collection',
    { schema: { hide: true, querystring: ideaListQuery.passthrough() } },
    (request, reply) => show(request, reply, request.query.id, request.query.token),
  );

  // Decision 0060: the sign-in page comes back here; the waiting add completes once, then the page.
  app.get(
    LIST_PATHS.afterSignIn,
    { schema: { hide: true, querystring: z.object({ id: z.string().min(1).max(64) }) } },
    async (request, reply) => {
      const customer = await request.session.customer();
      const { id } = request.query;
      if (!customer) return reply.redirect(signInUrl(`${LIST_PATHS.afterSignIn}?id=${id}`), 303);
      if (request.cookies[PENDING_ADD_COOKIE] !== id) return reply.redirect('/hz/wishlist/ls', 303);
      const done = await completePendingAdd(app.store.db, customer, id, {
        now: app.clock(),
        marketplaceId: marketplace.marketplaceId,
      });
      reply.clearCookie(PENDING_ADD_COOKIE, { path: '/hz/wishlist' });
      return reply.redirect(done.added ? withListNotice(done.returnTo, 'added') : done.returnTo, 303);
    },
  );
};
