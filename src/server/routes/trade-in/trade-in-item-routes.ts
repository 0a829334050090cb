import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conditionQuestionnaireView,
  offerQuery,
  offerView,
  questionsQuery,
} from '../../../shared/contracts/trade-in';
import { TRADE_IN_PATHS } from '../../../shared/trade-in-constants';
import { conditionQuestionnaire, offerForCondition } from '../../services/trade-in/trade-in';
import { sendRefusal } from '../refusal-status';

import { errors, HTML_AS_DATA, noStore, tags } from './trade-in-route-parts';

/** Trade-in: a device's questions and offers (TI-008, TI-017, TI-028). */
export const tradeInItemRoutes: FastifyPluginAsyncZod = async (app) => {
  noStore(app);

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
};
