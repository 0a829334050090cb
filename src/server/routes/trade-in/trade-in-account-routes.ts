import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appraisalBody,
  dropOffLocationsQuery,
  dropOffLocationsView,
  giftCardBalance,
  tradeInDetail,
  tradeInList,
  tradeInParams,
} from '../../../shared/contracts/trade-in';
import { TRADE_IN_PATHS } from '../../../shared/trade-in-constants';
import { ACCOUNT_PATH } from '../../services/account/account';
import {
  chooseAppraisal,
  tradeInDetail as detailOf,
  dropOffLocations,
  giftCardBalanceView,
  listTradeIns,
} from '../../services/trade-in/trade-in';
import { sendRefusal } from '../refusal-status';

import { errors, noStore, tags } from './trade-in-route-parts';

/** Trade-in: the shopper's trade-ins, appraisal choices, drop-off points and gift-card balance (TI-011). */
export const tradeInAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  noStore(app);

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
