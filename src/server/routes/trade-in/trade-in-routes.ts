import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/contracts/common';
import {
  customerItemsQuery,
  eligibleListView,
  generalErrorQuery,
  generalErrorView,
  recordRefTagQuery,
  refinementSelectionView,
  refinementsQuery,
  searchQuery,
  searchResultsView,
} from '../../../shared/contracts/trade-in';
import { TRADE_IN_PATHS } from '../../../shared/trade-in-constants';
import {
  customerItems,
  recordRefTag,
  refinementSelection,
  searchDevices,
} from '../../services/trade-in/trade-in';
import { HTML_AS_DATA, noStore, tags, viewRoute } from './trade-in-route-parts';

/** Trade-in (TI-022..025, TI-033..036; decision 0052): the lists a trade-in starts from, signed in (401 otherwise). */
export const tradeInRoutes: FastifyPluginAsyncZod = async (app) => {
  noStore(app);

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

  viewRoute(
    app,
    TRADE_IN_PATHS.getCustomerItems,
    {
      summary: "The eligible list: the shopper's own devices of the group first, then the group's (TI-023)",
      description: HTML_AS_DATA,
      querystring: customerItemsQuery,
      view: eligibleListView,
    },
    customerItems,
  );

  viewRoute(
    app,
    TRADE_IN_PATHS.search,
    {
      summary:
        'A page of tradeable devices of a group (TI-033..036): 20 a page; new style 15 desktop, 10 phone',
      description: `${HTML_AS_DATA} q defaults to the alias \`ereaders\`, the whole group.`,
      querystring: searchQuery,
      view: searchResultsView,
    },
    searchDevices,
  );

  viewRoute(
    app,
    TRADE_IN_PATHS.refinements,
    {
      summary: 'The next refinement step of a device: brand, model, carrier, storage (TI-005, TI-024)',
      description: HTML_AS_DATA,
      querystring: refinementsQuery,
      view: refinementSelectionView,
    },
    refinementSelection,
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
};
