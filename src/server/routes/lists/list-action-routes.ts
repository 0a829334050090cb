import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  itemUpdateBody,
  listActionDone,
  listItemParams,
  listPageParams,
  listPageQuery,
  plainActionBody,
  privacyBody,
  renameBody,
  toCartBody,
} from '../../../shared/contracts/lists';
import type { ListNotice } from '../../../shared/list-constants';
import { DEFAULT_MARKETPLACE_ID, MARKETPLACES } from '../../../shared/marketplaces';
import { signInUrl } from '../../../shared/sign-in-url';
import type { AreaRoutes } from '../../areas/server-area';
import { changeList, type ListAction, listItemToCart } from '../../services/lists/list-pages';
import type { ListOutcome } from '../../services/lists/lists';
import { listAnswers, sendListRefusal, withNotice } from './list-replies';

const TAGS = ['lists'];
const marketplace = MARKETPLACES[DEFAULT_MARKETPLACE_ID];
const EMPTY_DONE = { ok: true, listUrl: '', shareUrl: null };

/** The owner's actions on a list, and a reader's add to cart: plain forms that also take JSON. */
export const listActionRoutes: AreaRoutes = async (app) => {
  /** An owner action's answer: JSON to a script, else back to the list with what happened. */
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    listUrl: string,
    outcome: ListOutcome<{ notice: ListNotice; listUrl: string; shareUrl?: string | null }>,
  ) => {
    const json = (request.headers['content-type'] ?? '').includes('json');
    if (outcome.ok) {
      if (json)
        return {
          ok: true as const,
          listUrl: outcome.value.listUrl,
          shareUrl: outcome.value.shareUrl ?? null,
        };
      return reply.redirect(withNotice(outcome.value.listUrl, outcome.value.notice), 303);
    }
    if (json || outcome.refusal.code === 'list_not_found')
      return sendListRefusal(reply, outcome.refusal, EMPTY_DONE);
    if (outcome.refusal.code === 'sign_in_required') return reply.redirect(signInUrl(listUrl), 303);
    return reply.redirect(withNotice(listUrl, outcome.refusal.code, 'problem'), 303);
  };
  const action = (summary: string) => ({
    tags: TAGS,
    summary,
    params: listPageParams,
    response: listAnswers(listActionDone),
  });
  const itemAction = (summary: string) => ({
    tags: TAGS,
    summary,
    params: listItemParams,
    response: listAnswers(listActionDone),
  });
  const change = async (request: FastifyRequest, reply: FastifyReply, id: string, what: ListAction) => {
    const outcome = await changeList(app.store.db, await request.session.customer(), id, what, app.clock());
    return answer(request, reply, `/hz/wishlist/ls/${id}`, outcome);
  };
  const base = '/hz/wishlist/ls/:listExternalId';

  app.post(
    `${base}/rename`,
    { schema: { ...action('Renames a list (owner only)'), body: renameBody } },
    (request, reply) =>
      change(request, reply, request.params.listExternalId, {
        kind: 'rename',
        listName: request.body.listName,
      }),
  );
  app.post(
    `${base}/privacy`,
    { schema: { ...action("Changes a list's privacy (owner only)"), body: privacyBody } },
    (request, reply) =>
      change(request, reply, request.params.listExternalId, {
        kind: 'privacy',
        privacy: request.body.privacy,
      }),
  );
  app.post(
    `${base}/share`,
    {
      schema: {
        ...action('Makes a new share link; the old one stops working (owner only)'),
        body: plainActionBody,
      },
    },
    (request, reply) => change(request, reply, request.params.listExternalId, { kind: 'share' }),
  );
  app.post(
    `${base}/share/revoke`,
    { schema: { ...action('Revokes the share link (owner only)'), body: plainActionBody } },
    (request, reply) => change(request, reply, request.params.listExternalId, { kind: 'revoke-share' }),
  );
  app.post(
    `${base}/delete`,
    { schema: { ...action('Deletes a list (owner only)'), body: plainActionBody } },
    (request, reply) => change(request, reply, request.params.listExternalId, { kind: 'delete' }),
  );
  app.post(
    `${base}/items/:asin/update`,
    {
      schema: {
        ...itemAction("Changes an item's quantity, comment or priority (owner only)"),
        body: itemUpdateBody,
      },
    },
    (request, reply) =>
      change(request, reply, request.params.listExternalId, {
        kind: 'update-item',
        asin: request.params.asin,
        ...request.body,
      }),
  );
  app.post(
    `${base}/items/:asin/remove`,
    { schema: { ...itemAction('Removes an item (owner only)'), body: plainActionBody } },
    (request, reply) =>
      change(request, reply, request.params.listExternalId, {
        kind: 'remove-item',
        asin: request.params.asin,
      }),
  );
  app.post(
    `${base}/items/:asin/to-cart`,
    {
      schema: {
        ...itemAction("Adds an item to the shopper's cart; the owner may move it off the list"),
        body: toCartBody,
        querystring: listPageQuery,
      },
    },
    async (request, reply) => {
      const { listExternalId, asin } = request.params;
      const outcome = await listItemToCart(
        app.store.db,
        await request.session.customer(),
        await request.session.cartOwner(),
        { externalId: listExternalId, asin, keep: request.body.keep, token: request.query.token },
        { now: app.clock(), marketplace },
      );
      return answer(request, reply, `/hz/wishlist/ls/${listExternalId}`, outcome);
    },
  );
};
