import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/contracts/common';
import {
  appraisalBody,
  cartAddBody,
  cartRemoveBody,
  conditionQuestionnaireView,
  customerItemsQuery,
  dropOffLocationsQuery,
  dropOffLocationsView,
  eligibleListView,
  generalErrorQuery,
  generalErrorView,
  giftCardBalance,
  offerQuery,
  offerView,
  questionsQuery,
  recordRefTagQuery,
  refinementSelectionView,
  refinementsQuery,
  reviewOrderView,
  searchQuery,
  searchResultsView,
  selectedItemsView,
  submitBody,
  successView,
  tradeInCartView,
  tradeInDetail,
  tradeInList,
  tradeInParams,
} from '../../../shared/contracts/trade-in';
import { TRADE_IN_PATHS } from '../../../shared/trade-in-constants';
import { ACCOUNT_PATH } from '../../services/account/account';
import {
  addToTradeInCart,
  chooseAppraisal,
  conditionQuestionnaire,
  customerItems,
  tradeInDetail as detailOf,
  dropOffLocations,
  giftCardBalanceView,
  listTradeIns,
  offerForCondition,
  recordRefTag,
  refinementSelection,
  removeFromTradeInCart,
  reviewOrder,
  searchDevices,
  submitTradeIn,
  tradeInCart,
} from '../../services/trade-in/trade-in';
import { sendRefusal } from '../refusal-status';

const tags = ['trade-in'];
const errors = {
  400: errorResponse,
  401: errorResponse,
  404: errorResponse,
  409: errorResponse,
  422: errorResponse,
};
const HTML_AS_DATA =
  'The spec answers HTML; this store answers the data the view renders (decision 0052). Signed out: 401.';

/**
 * A form body (decision 0052) in the JSON body's shape: `answers` as JSON text or one `answer.<questionId>`
 * field per question, `appraisal` as a checkbox.
 */
function formToCartAdd(request: FastifyRequest): void {
  if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return;
  const form = request.body as Record<string, unknown>;
  if (!form || typeof form !== 'object') return;
  let answers: unknown = form.answers;
  if (typeof answers === 'string') {
    try {
      answers = JSON.parse(answers);
    } catch {
      answers = undefined;
    }
  }
  if (answers === undefined) {
    answers = Object.fromEntries(
      Object.entries(form)
        .filter(([key]) => key.startsWith('answer.'))
        .map(([key, value]) => [key.slice('answer.'.length), value]),
    );
  }
  const appraisal = form.appraisal;
  request.body = {
    asin: form.asin,
    answers,
    ...(appraisal === undefined
      ? {}
      : { appraisal: appraisal === 'true' || appraisal === 'on' || appraisal === '1' }),
  };
}

/**
 * Trade-in (TI-022..025 and the calls the spec leaves out, decision 0052): every call under /tradein/hzw/,
 * signed in (401 otherwise), answers uncached.
 */
export const tradeInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/tradein/hzw/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  app.get(
    TRADE_IN_PATHS.recordRefTag,
    {
      schema: {
        tags,
        summary: 'Records a trade-in ref tag (TI-022); the page fires and forgets it',
        querystring: recordRefTagQuery,
        response: { 204: z.null(), 400: errorResponse },
      },
    },
    async (request, reply) => {
      await recordRefTag(app.store.db, request.query.ref_);
      return reply.code(204).send(undefined as never);
    },
  );

  app.get(
    TRADE_IN_PATHS.getCustomerItems,
    {
      schema: {
        tags,
        summary: "The eligible list: the shopper's own devices of the group first, then the group's (TI-023)",
        description: HTML_AS_DATA,
        querystring: customerItemsQuery,
        response: { 200: eligibleListView, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await customerItems(
        app.store.db,
        await request.session.customer(),
        request.query,
        request.log,
      );
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.get(
    TRADE_IN_PATHS.search,
    {
      schema: {
        tags,
        summary:
          'A page of tradeable devices of a group (TI-033..036): 20 a page; new style 15 desktop, 10 phone',
        description: `${HTML_AS_DATA} q defaults to the alias \`ereaders\`, the whole group.`,
        querystring: searchQuery,
        response: { 200: searchResultsView, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await searchDevices(
        app.store.db,
        await request.session.customer(),
        request.query,
        request.log,
      );
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.get(
    TRADE_IN_PATHS.refinements,
    {
      schema: {
        tags,
        summary: 'The next refinement step of a device: brand, model, carrier, storage (TI-005, TI-024)',
        description: HTML_AS_DATA,
        querystring: refinementsQuery,
        response: { 200: refinementSelectionView, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await refinementSelection(
        app.store.db,
        await request.session.customer(),
        request.query,
        request.log,
      );
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.get(
    TRADE_IN_PATHS.generalError,
    {
      schema: {
        tags,
        summary: 'The general error view, asked for when the product group is missing (TI-025, TI-026)',
        querystring: generalErrorQuery,
        response: { 200: generalErrorView, 400: errorResponse },
      },
    },
    async () => ({
      view: 'generalError' as const,
      message: 'Trade-in is not available for this item right now. Please try again later.',
    }),
  );

  app.get(
    TRADE_IN_PATHS.questions,
    {
      schema: {
        tags,
        summary: 'The condition questions of a device with its offer for every condition (TI-008, TI-017)',
        description: HTML_AS_DATA,
        querystring: questionsQuery,
        response: { 200: conditionQuestionnaireView, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await conditionQuestionnaire(
        app.store.db,
        await request.session.customer(),
        request.query,
        request.log,
      );
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.get(
    TRADE_IN_PATHS.offer,
    {
      schema: {
        tags,
        summary:
          "A device's offer for one condition, beside every grade (TI-008); an invalid key is logged (TI-028)",
        querystring: offerQuery,
        response: { 200: offerView, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await offerForCondition(
        app.store.db,
        await request.session.customer(),
        request.query,
        request.log,
      );
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.get(
    TRADE_IN_PATHS.cart,
    {
      schema: {
        tags,
        summary: "The shopper's trade-in cart: items, values of every grade, warnings (TI-019) and the quote",
        response: { 200: tradeInCartView, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await tradeInCart(
        app.store.db,
        await request.session.customer(),
        app.clock(),
        request.log,
      );
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.post(
    TRADE_IN_PATHS.cartAdd,
    {
      preValidation: async (request) => formToCartAdd(request),
      schema: {
        tags,
        summary:
          'Adds a device with its answers; the 6th item answers 204 and changes nothing (TI-031, TI-032)',
        description:
          'JSON or form body (`answers` as JSON text or `answer.<questionId>` fields). A broken rule answers 422 with the warning code (TI-019).',
        body: cartAddBody,
        response: { 200: selectedItemsView, 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await addToTradeInCart(
        app.store.db,
        await request.session.customer(),
        request.body,
        app.clock(),
        request.log,
      );
      if (!outcome.ok) return sendRefusal(reply, outcome.refusal);
      if (outcome.value === 'full') return reply.code(204).send(undefined as never);
      return outcome.value;
    },
  );

  app.post(
    TRADE_IN_PATHS.cartRemove,
    {
      schema: {
        tags,
        summary: 'Removes an item from the trade-in cart',
        body: cartRemoveBody,
        response: { 200: tradeInCartView, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await removeFromTradeInCart(
        app.store.db,
        await request.session.customer(),
        request.body.itemId,
        app.clock(),
        request.log,
      );
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.get(
    TRADE_IN_PATHS.review,
    {
      schema: {
        tags,
        summary: 'Review your order: held values, what is paid now and later (TI-018), the processor address',
        response: { 200: reviewOrderView, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await reviewOrder(
        app.store.db,
        await request.session.customer(),
        app.clock(),
        request.log,
      );
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.post(
    TRADE_IN_PATHS.submit,
    {
      schema: {
        tags,
        summary:
          'Submits the trade-in at its held values; paid-now items are credited at once (TI-001, TI-018)',
        body: submitBody.optional(),
        response: { 200: successView, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await submitTradeIn(
        app.store.db,
        await request.session.customer(),
        app.clock(),
        request.log,
      );
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.get(
    TRADE_IN_PATHS.tradeIns,
    {
      schema: {
        tags,
        summary: "The shopper's trade-ins, newest first, with state and values",
        response: { 200: tradeInList, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await listTradeIns(app.store.db, await request.session.customer());
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.get(
    `${TRADE_IN_PATHS.tradeIns}/:id`,
    {
      schema: {
        tags,
        operationId: 'getTradeinHzwTradeinById',
        summary:
          "One of the shopper's trade-ins with its appraisal: each answer beside what was found (404 for another's)",
        params: tradeInParams,
        response: { 200: tradeInDetail, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await detailOf(app.store.db, await request.session.customer(), request.params.id);
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.post(
    `${TRADE_IN_PATHS.tradeIns}/:id/appraisal`,
    {
      schema: {
        tags,
        operationId: 'postTradeinHzwTradeinAppraisal',
        summary: 'The shopper accepts the lower value or has the device returned (TI-011)',
        description:
          'JSON or form body. A plain HTML form (the account page) is sent back to the account page.',
        params: tradeInParams,
        body: appraisalBody,
        response: { 200: tradeInDetail, 303: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await chooseAppraisal(
        app.store.db,
        await request.session.customer(),
        { tradeInId: request.params.id, choice: request.body.choice, itemId: request.body.itemId },
        app.clock(),
      );
      if (!outcome.ok) return sendRefusal(reply, outcome.refusal);
      if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return reply
          .code(303)
          .header('location', ACCOUNT_PATH)
          .send(undefined as never);
      }
      return outcome.value;
    },
  );

  app.get(
    TRADE_IN_PATHS.dropOffLocations,
    {
      schema: {
        tags,
        summary: 'Drop-off points near a postal code (the drop-off locations expander)',
        querystring: dropOffLocationsQuery,
        response: { 200: dropOffLocationsView, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await dropOffLocations(await request.session.customer(), request.query.postalCode);
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.get(
    TRADE_IN_PATHS.balance,
    {
      schema: {
        tags,
        summary: "The shopper's gift-card balance and its ledger, newest first",
        response: { 200: giftCardBalance, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await giftCardBalanceView(app.store.db, await request.session.customer());
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );
};
