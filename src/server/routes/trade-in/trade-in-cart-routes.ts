import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartAddBody,
  cartRemoveBody,
  reviewOrderView,
  selectedItemsView,
  submitBody,
  successView,
  tradeInCartView,
} from '../../../shared/contracts/trade-in';
import { TRADE_IN_PATHS } from '../../../shared/trade-in-constants';
import {
  addToTradeInCart,
  removeFromTradeInCart,
  reviewOrder,
  submitTradeIn,
  tradeInCart,
} from '../../services/trade-in/trade-in';
import { sendRefusal } from '../refusal-status';

import { errors, noStore, tags } from './trade-in-route-parts';

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

/** Trade-in: the cart, review and submit (TI-001, TI-018, TI-019, TI-031, TI-032). */
export const tradeInCartRoutes: FastifyPluginAsyncZod = async (app) => {
  noStore(app);

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
};
