import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conditionQuestionnaireView,
  offerQuery,
  offerView,
  questionsQuery,
} from '../../../shared/contracts/trade-in';
import { TRADE_IN_PATHS } from '../../../shared/trade-in-constants';
import { conditionQuestionnaire, offerForCondition } from '../../services/trade-in/trade-in';
import { HTML_AS_DATA, noStore, viewRoute } from './trade-in-route-parts';

/** Trade-in: a device's questions and offers (TI-008, TI-017, TI-028). */
export const tradeInItemRoutes: FastifyPluginAsyncZod = async (app) => {
  noStore(app);
  viewRoute(
    app,
    TRADE_IN_PATHS.questions,
    {
      summary: 'The condition questions of a device with its offer for every condition (TI-008, TI-017)',
      description: HTML_AS_DATA,
      querystring: questionsQuery,
      view: conditionQuestionnaireView,
    },
    conditionQuestionnaire,
  );
  viewRoute(
    app,
    TRADE_IN_PATHS.offer,
    {
      summary:
        "A device's offer for one condition, beside every grade (TI-008); an invalid key is logged (TI-028)",
      querystring: offerQuery,
      view: offerView,
    },
    offerForCondition,
  );
};
