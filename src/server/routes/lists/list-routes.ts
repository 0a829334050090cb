import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  addToListAnswer,
  addToListQuery,
  birthdayDpx,
  birthdayDpxQuery,
  createForm,
  createFormQuery,
  type ListCreationBody,
  listCreated,
  listCreation,
  triggerWeblabQuery,
  weblabTriggered,
} from '../../../shared/contracts/lists';
import { LIST_PATHS, type ListType } from '../../../shared/list-constants';
import { DEFAULT_MARKETPLACE_ID } from '../../../shared/marketplaces';
import type { AreaRoutes } from '../../areas/server-area';
import { createFormFor, createList, listsOf, SIGN_IN_REFUSAL } from '../../services/lists/lists';
import { authUrlFor } from '../../services/lists/pending-adds';
import { listActionRoutes } from './list-action-routes';
import { listAddRoutes } from './list-add-routes';
import { listPageRoutes } from './list-page-routes';
import { isPlainForm, listAnswers, returnToOf, sendListRefusal, withNotice } from './list-replies';

const TAGS = ['lists'];
const EMPTY_CREATED = { listExternalId: null, listType: null, listId: null, listUrl: null };

/** Wish, gift and idea lists: the calls of S2 §7 (LIST-026..035) and the list pages. */
export const listRoutes: AreaRoutes = async (app, options) => {
  await app.register(listPageRoutes, options);
  await app.register(listActionRoutes, options);
  await app.register(listAddRoutes, options);
  const marketplaceId = DEFAULT_MARKETPLACE_ID;

  app.get(
    LIST_PATHS.createForm,
    {
      schema: {
        tags: TAGS,
        summary: "The create-list form's data (LIST-026; the spec's HTML answer as data)",
        querystring: createFormQuery,
        response: { 200: createForm, 401: createForm },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const customer = await request.session.customer();
      if (customer) return createFormFor(app.store.db, customer, request.query);
      const form = await createFormFor(app.store.db, null, request.query);
      return sendListRefusal(reply, SIGN_IN_REFUSAL, form, authUrlFor(returnToOf(request, undefined)));
    },
  );

  /** LIST-027..029: a creation, answered as JSON or, for a plain form, by going to the new list. */
  const create = async (
    request: FastifyRequest,
    reply: FastifyReply,
    body: ListCreationBody,
    listType?: ListType,
  ) => {
    const plain = isPlainForm(request, body);
    const customer = await request.session.customer();
    const returnTo = returnToOf(request, body.returnTo, body.asin);
    if (!customer) {
      const authUrl = authUrlFor(returnTo);
      return plain
        ? reply.redirect(authUrl, 303)
        : sendListRefusal(reply, SIGN_IN_REFUSAL, EMPTY_CREATED, authUrl);
    }
    const outcome = await createList(app.store.db, customer, body, {
      now: app.clock(),
      marketplaceId,
      ...(listType ? { listType } : {}),
    });
    if (plain) {
      if (outcome.ok) return reply.redirect(outcome.value.listUrl ?? '/hz/wishlist/ls', 303);
      return reply.redirect(withNotice('/hz/wishlist/ls', outcome.refusal.code, 'problem'), 303);
    }
    return outcome.ok ? outcome.value : sendListRefusal(reply, outcome.refusal, EMPTY_CREATED);
  };
  const creation = (summary: string) => ({
    schema: { tags: TAGS, summary, body: listCreation, response: listAnswers(listCreated) },
  });
  app.post(LIST_PATHS.createNewList, creation('Creates a wish or gift list (LIST-027)'), (request, reply) =>
    create(request, reply, request.body),
  );
  app.post(LIST_PATHS.ajaxCreateList, creation('Creates an idea list (LIST-028)'), (request, reply) =>
    create(request, reply, request.body, 'idealist'),
  );
  app.post(
    LIST_PATHS.ajaxCreateListAndAddItem,
    creation('Creates an idea list holding the asin (LIST-029)'),
    (request, reply) => create(request, reply, request.body, 'idealist'),
  );

  app.get(
    LIST_PATHS.addToList,
    {
      schema: {
        tags: TAGS,
        summary: "The shopper's lists, the default first (LIST-030)",
        querystring: addToListQuery,
        response: { 200: addToListAnswer, 401: addToListAnswer },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const customer = await request.session.customer();
      if (!customer) {
        return sendListRefusal(
          reply,
          SIGN_IN_REFUSAL,
          { lists: [] },
          authUrlFor(returnToOf(request, undefined)),
        );
      }
      return listsOf(app.store.db, customer, request.query.type);
    },
  );

  app.get(
    LIST_PATHS.triggerWeblab,
    {
      schema: {
        tags: TAGS,
        summary: 'Records that the list experiment was seen (LIST-034); every shopper gets C',
        querystring: triggerWeblabQuery,
        response: { 200: weblabTriggered },
      },
    },
    async (request) => ({ name: request.query.name, treatment: 'C' as const, triggered: true }),
  );
  app.get(
    LIST_PATHS.birthdayDpx,
    {
      schema: {
        tags: TAGS,
        summary: 'Whether the birthday gift list offer shows for a product (LIST-035, as data)',
        querystring: birthdayDpxQuery,
        response: { 200: birthdayDpx },
      },
    },
    async (request) => ({
      showBirthdayList: !!request.query.asin,
      asin: request.query.asin ?? null,
      createUrl: '/hz/wishlist/ls?create=giftlist',
    }),
  );
};
