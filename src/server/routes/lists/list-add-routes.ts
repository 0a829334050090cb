import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  addAsinBody,
  addItemToListBody,
  createApiAddToListBody,
  itemAdded,
} from '../../../shared/contracts/lists';
import { LIST_PATHS, type ListAddNotice } from '../../../shared/list-constants';
import { DEFAULT_MARKETPLACE_ID } from '../../../shared/marketplaces';
import type { AreaRoutes } from '../../areas/server-area';
import { takenKeyOf } from '../../plugins/idempotency';
import { addItemToList, type ListTarget, SIGN_IN_REFUSAL } from '../../services/lists/lists';
import { holdAddForSignIn } from '../../services/lists/pending-adds';
import {
  isPlainForm,
  listAnswers,
  rememberPendingAdd,
  returnToOf,
  sendListRefusal,
  withListNotice,
} from './list-replies';

const TAGS = ['lists'];
const EMPTY_ADDED = {
  asin: null,
  listExternalId: null,
  listId: null,
  listName: null,
  listType: null,
  listUrl: null,
  quantity: null,
};
const marketplaceId = DEFAULT_MARKETPLACE_ID;

/** LIST-031..033: adding an item to a list; signed out, the add waits on sign-in (decision 0060). */
export const listAddRoutes: AreaRoutes = async (app) => {
  /** LIST-031..033: an add, answered as JSON, or for a plain form by going back to the page. */
  const add = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: {
      target: ListTarget;
      asin: string;
      quantity: number;
      returnTo?: string | undefined;
      isAjax?: boolean | undefined;
    },
  ) => {
    const plain = isPlainForm(request, input);
    const returnTo = returnToOf(request, input.returnTo, input.asin);
    const customer = await request.session.customer();
    if (!customer) {
      const held = await holdAddForSignIn(
        app.store.db,
        { target: input.target, asin: input.asin, quantity: input.quantity, returnTo },
        app.clock(),
      );
      rememberPendingAdd(reply, held.id);
      return plain
        ? reply.redirect(held.authUrl, 303)
        : sendListRefusal(reply, SIGN_IN_REFUSAL, EMPTY_ADDED, held.authUrl);
    }
    const outcome = await addItemToList(app.store.db, customer, input, {
      now: app.clock(),
      marketplaceId,
      requestKey: takenKeyOf(request),
    });
    if (plain) {
      const notice: ListAddNotice = outcome.ok ? 'added' : 'not_added';
      return reply.redirect(withListNotice(returnTo, notice), 303);
    }
    return outcome.ok ? outcome.value : sendListRefusal(reply, outcome.refusal, EMPTY_ADDED);
  };

  app.post(
    LIST_PATHS.addItemToList,
    {
      schema: {
        tags: TAGS,
        summary: 'Adds an item to a list, the default unless named (LIST-031)',
        body: addItemToListBody,
        response: listAnswers(itemAdded),
      },
    },
    (request, reply) => {
      const { listExternalId, ...body } = request.body;
      return add(request, reply, {
        ...body,
        target: listExternalId ? { by: 'externalId', id: listExternalId } : { by: 'default' },
      });
    },
  );
  app.post(
    LIST_PATHS.addAsin,
    {
      schema: {
        tags: TAGS,
        summary: 'Adds an item to a list named by its list id (LIST-032)',
        body: addAsinBody,
        response: listAnswers(itemAdded),
      },
    },
    (request, reply) =>
      add(request, reply, { ...request.body, target: { by: 'listId', id: request.body.listId } }),
  );
  app.post(
    LIST_PATHS.createApiAddToList,
    {
      schema: {
        tags: TAGS,
        summary: 'Adds an item to an idea list, or the default list (LIST-033)',
        body: createApiAddToListBody,
        response: listAnswers(itemAdded),
      },
    },
    (request, reply) => {
      const { listId, listExternalId, ...body } = request.body;
      const target: ListTarget = listExternalId
        ? { by: 'externalId', id: listExternalId }
        : listId
          ? { by: 'listId', id: listId }
          : { by: 'default' };
      return add(request, reply, { ...body, target });
    },
  );
};
