import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/contracts/common';
import {
  asinQuery,
  babyAddBody,
  babyAddResponse,
  closeResponse,
  helpInfoResponse,
  manageFlagBody,
  manageQuantityBody,
  postAddStatus,
  recommendationResponse,
} from '../../../shared/contracts/registries';
import {
  BABY_ADD_PATH,
  BABY_CLOSE_PATH,
  BABY_HELP_INFO_PATH,
  BABY_RECOMMENDATION_PATH,
  BABY_STATUS_PATH,
  babyManagePath,
} from '../../../shared/registry-constants';
import { takenKeyOf } from '../../plugins/idempotency';
import {
  babyAdd,
  babyHelpInfo,
  babyManage,
  babyRecommendations,
  babyStatus,
} from '../../services/registries/registries';
import { sendRefusal } from '../refusal-status';

const tags = ['registries'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** REG-023..031: the baby registry's add and its post-add panel (S2 §7, decision 0062). */
export const babyRegistryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.store.db;
  app.post(
    BABY_ADD_PATH,
    {
      schema: {
        tags,
        summary: "Adds the asin to the shopper's baby registry: success, duplicate or failure (REG-023)",
        description: 'A failure names the landing page to go to (REG-012); signed out is a failure too.',
        body: babyAddBody,
        response: { 200: babyAddResponse, ...errors },
      },
    },
    async (request) =>
      babyAdd(db(), await request.session.customer(), {
        asin: request.body.asin,
        now: app.clock(),
        requestKey: takenKeyOf(request),
      }),
  );

  app.get(
    BABY_RECOMMENDATION_PATH,
    {
      schema: {
        tags,
        summary: 'Items like the one just added, each saying whether the registry holds it (REG-024)',
        querystring: asinQuery,
        response: { 200: recommendationResponse, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await babyRecommendations(db(), await request.session.customer(), request.query.asin);
      reply.header('cache-control', 'no-store');
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.get(
    BABY_STATUS_PATH,
    {
      schema: {
        tags,
        summary: 'The post-add status of an asin in the shopper baby registry (REG-025, decision 0062)',
        querystring: asinQuery,
        response: { 200: postAddStatus, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await babyStatus(db(), await request.session.customer(), request.query.asin);
      reply.header('cache-control', 'no-store');
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.get(
    BABY_CLOSE_PATH,
    {
      schema: {
        tags,
        summary: 'The post-add panel was closed (REG-026); nothing changes',
        querystring: asinQuery.partial(),
        response: { 200: closeResponse, ...errors },
      },
    },
    async () => ({ closed: true as const }),
  );

  app.get(
    BABY_HELP_INFO_PATH,
    {
      schema: {
        tags,
        summary: 'What group gifting, must-have and private mean (REG-027)',
        response: { 200: helpInfoResponse },
      },
    },
    async () => babyHelpInfo(),
  );

  for (const flag of ['must-have', 'group-gifting', 'private'] as const) {
    app.post(
      babyManagePath(flag),
      {
        schema: {
          tags,
          summary: `Sets ${flag} on an item of the shopper's baby registry (REG-028..030)`,
          body: manageFlagBody,
          response: { 200: postAddStatus, ...errors },
        },
      },
      async (request, reply) => {
        const outcome = await babyManage(db(), await request.session.customer(), {
          flag,
          asin: request.body.asin,
          value: request.body.value,
        });
        return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
      },
    );
  }

  app.post(
    babyManagePath('request-quantity'),
    {
      schema: {
        tags,
        summary: "Sets the requested count of an item of the shopper's baby registry (REG-031)",
        body: manageQuantityBody,
        response: { 200: postAddStatus, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await babyManage(db(), await request.session.customer(), {
        flag: 'request-quantity',
        asin: request.body.asin,
        value: request.body.value,
      });
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );
};
