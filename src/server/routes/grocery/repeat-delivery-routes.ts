import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staplesAddRequest,
  staplesAddResponse,
  staplesEducontent,
  staplesError,
  staplesQuery,
  staplesSkipRequest,
  staplesUpdateRequest,
  staplesUpdateResponse,
} from '../../../shared/contracts/repeat-delivery';
import { repeatSummaryHtml, staplesErrorHtml } from '../../render/grocery-html';
import {
  addRepeatItems,
  staplesEducontent as educontent,
  type StaplesRefusal,
  skipNextDelivery,
  updateRepeatItemChoice,
} from '../../services/grocery/repeat-delivery';
import { refusalStatus } from '../refusal-status';

const errors = { 400: staplesError, 401: staplesError, 403: staplesError, 404: staplesError };

/** STP-014: a refused staples call carries the modal's HTML besides the house error. */
const refuse = (reply: FastifyReply, { refusal }: StaplesRefusal) =>
  reply.code(refusalStatus(refusal.code)).send({
    error: { code: refusal.code, message: refusal.message },
    errorModalHtml: staplesErrorHtml(refusal.message),
  });

/** Repeat delivery (staples, S2 §7): add, update, skip and the educational content. */
export const repeatDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const customerId = async (request: { session: { customer(): Promise<{ id: string } | null> } }) =>
    (await request.session.customer())?.id ?? null;

  app.post(
    '/repeatitems/psa/v1/add',
    {
      schema: {
        tags: ['repeat-delivery'],
        summary: 'Puts products on the shopper’s Repeat Delivery list (STP-001, STP-011)',
        querystring: staplesQuery,
        body: staplesAddRequest,
        response: { 200: staplesAddResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await addRepeatItems(
        app.store.db,
        await customerId(request),
        request.body.asins,
        app.clock(),
      );
      if (!result.ok) return refuse(reply, result);
      return {
        addOperationStatus: result.status,
        nextViewHtml: repeatSummaryHtml(result.item),
        item: result.item,
      };
    },
  );

  app.post(
    '/repeatitems/psa/v1/update',
    {
      schema: {
        tags: ['repeat-delivery'],
        summary:
          'A repeat item’s quantity and cadence; the server computes the next drop date (STP-002, STP-012)',
        querystring: staplesQuery,
        body: staplesUpdateRequest,
        response: { 200: staplesUpdateResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { quantity, cadence, clientContext } = request.body;
      const result = await updateRepeatItemChoice(
        app.store.db,
        await customerId(request),
        { asin: clientContext.asin, quantity: quantity.quantity, unit: quantity.unit, cadence },
        app.clock(),
      );
      if (!result.ok) return refuse(reply, result);
      return {
        renderableQuantityCadence: result.item.renderableQuantityCadence,
        renderableNextDropDate: result.item.renderableNextDropDate,
        item: result.item,
      };
    },
  );

  app.post(
    '/repeatitems/psa/v1/skip',
    {
      schema: {
        tags: ['repeat-delivery'],
        summary: 'Skips the next delivery of a repeat item: its next drop moves by one cadence',
        querystring: staplesQuery,
        body: staplesSkipRequest,
        response: { 200: staplesUpdateResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await skipNextDelivery(
        app.store.db,
        await customerId(request),
        request.body.clientContext.asin,
        app.clock(),
      );
      if (!result.ok) return refuse(reply, result);
      return {
        renderableQuantityCadence: result.item.renderableQuantityCadence,
        renderableNextDropDate: result.item.renderableNextDropDate,
        item: result.item,
      };
    },
  );

  app.get(
    '/repeatitems/psa/v1/educontent',
    {
      schema: {
        tags: ['repeat-delivery'],
        summary: 'What Repeat Delivery is, for the educational popover (STP-013)',
        response: { 200: staplesEducontent },
      },
    },
    async () => educontent(),
  );
};
