import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/contracts/common';
import {
  type FreshAddBody,
  freshAddError,
  freshAddQuery,
  freshAddRequest,
  freshAddResponse,
  freshMultiAddRequest,
  freshOrderQuery,
  freshOrderRefTagParams,
} from '../../../shared/contracts/grocery';
import { DEFAULT_MARKETPLACE_ID } from '../../../shared/marketplaces';
import { errorModalHtml, storeSheetHtml } from '../../render/grocery-html';
import {
  addManyToFreshCart,
  addToFreshCart,
  type FreshAddResult,
  type FreshRefusal,
} from '../../services/grocery/fresh-cart';
import { addToFreshOrder } from '../../services/grocery/fresh-order';
import { refusalStatus, sendRefusal } from '../refusal-status';

const groceryErrors = { 401: errorResponse, 403: errorResponse, 404: errorResponse };
const freshAddErrors = { 400: freshAddError, ...groceryErrors };

/** GRO-029: a refused add answers 400 with the house error, the server's modal and the cart as it stands. */
function sendFreshRefusal(reply: FastifyReply, { refusal, modal, items }: FreshRefusal) {
  return reply.code(refusalStatus(refusal.code)).send({
    error: { code: refusal.code.toLowerCase(), message: refusal.message },
    errorModalHtml: errorModalHtml(modal, refusal.code),
    clientResponseModel: { items, uberCartStatus: { errorStatusCode: refusal.code } },
  });
}

function freshAnswer(result: Extract<FreshAddResult, { ok: true }>) {
  return {
    clientResponseModel: { items: result.items, uberCartStatus: { errorStatusCode: null } },
    refreshGlowLabel: result.refreshGlowLabel,
    storefrontUrl: result.storefrontUrl,
    shouldRedirectToOgs: false,
    ogsUrl: null,
    storeIntroductionSheetHtml: result.storeSheet ? storeSheetHtml(result.storeSheet) : null,
    errorModalHtml: null,
    cartCount: result.count,
  };
}

/** The add payload's session must be this session's (as the legacy form's verificationSessionID). */
export function sessionMismatch(request: FastifyRequest, reply: FastifyReply, sessionID: string) {
  if (sessionID === request.session.id) return false;
  const message = 'sessionID does not match this session';
  sendRefusal(reply, { code: 'session_mismatch', message, field: 'sessionID' });
  return true;
}

/** The shopper an add is for: their cart, their account when signed in, the marketplace. */
export const groceryShopper = async (request: FastifyRequest) => ({
  owner: await request.session.cartOwner(),
  customerId: (await request.session.customer())?.id ?? null,
  marketplaceId: DEFAULT_MARKETPLACE_ID,
});

/** Adds to the fresh (UFG) cart, one item or several, and to a scheduled fresh order (GRO-017, GRO-019, GRO-024). */
export const freshCartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/alm/addtofreshcart',
    {
      schema: {
        tags: ['grocery'],
        summary: 'Adds to, or sets the quantity in, the fresh (UFG) cart (GRO-017, SL-015)',
        querystring: freshAddQuery,
        body: freshAddRequest,
        response: { 200: freshAddResponse, ...freshAddErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (sessionMismatch(request, reply, body.sessionID)) return reply;
      const result = await addToFreshCart(app.store.db, {
        ...(await groceryShopper(request)),
        asin: body.asin,
        storeId: body.additionalInput?.storeId ?? body.storeId,
        brandId: body.brandId,
        offerListingDiscriminator: body.offerListingDiscriminator,
        quantity: body.quantity,
        amountInUom: body.amountInUom,
        setQuantity: body.setQuantityFlag,
        isStepper: body.isStepperFlag,
        shouldRenderSheet: body.additionalParams?.shouldRenderSIS ?? false,
        now: app.clock(),
      });
      const outcome = result.ok ? 'added' : result.refusal.code.toLowerCase();
      app.metrics.cartAdds.inc({ api: 'fresh-cart', outcome });
      if (!result.ok) return sendFreshRefusal(reply, result);
      return freshAnswer(result);
    },
  );

  app.post(
    '/alm/addtocart/multiple',
    {
      schema: {
        tags: ['grocery'],
        summary: 'Adds several items to the fresh cart at once, all or none (GRO-024)',
        querystring: freshAddQuery,
        body: freshMultiAddRequest,
        response: { 200: freshAddResponse, ...freshAddErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (sessionMismatch(request, reply, body.sessionID)) return reply;
      const result = await addManyToFreshCart(app.store.db, {
        ...(await groceryShopper(request)),
        storeId: body.storeId,
        brandId: body.brandId,
        items: body.items,
        now: app.clock(),
      });
      const outcome = result.ok ? 'added' : result.refusal.code.toLowerCase();
      app.metrics.cartAdds.inc({ api: 'fresh-multi', outcome });
      if (!result.ok) return sendFreshRefusal(reply, result);
      return freshAnswer(result);
    },
  );

  const freshOrderRoute = {
    config: { csrfQueryParam: 'csrf' },
    schema: {
      tags: ['grocery'],
      summary:
        'Adds an item to the scheduled fresh order until its cut-off (GRO-019); the CSRF token may ride as ?csrf=',
      querystring: freshOrderQuery,
      body: freshAddRequest,
      response: { 200: freshAddResponse, ...freshAddErrors },
    },
  };
  const addToOrder = async (request: FastifyRequest<{ Body: FreshAddBody }>, reply: FastifyReply) => {
    const body = request.body;
    if (sessionMismatch(request, reply, body.sessionID)) return reply;
    const result = await addToFreshOrder(app.store.db, {
      ...(await groceryShopper(request)),
      asin: body.asin,
      storeId: body.storeId,
      brandId: body.brandId,
      offerListingDiscriminator: body.offerListingDiscriminator,
      quantity: body.quantity,
      amountInUom: body.amountInUom,
      setQuantity: body.setQuantityFlag,
      now: app.clock(),
    });
    if (!result.ok)
      return 'modal' in result ? sendFreshRefusal(reply, result) : sendRefusal(reply, result.refusal);
    return {
      clientResponseModel: { items: result.items, uberCartStatus: { errorStatusCode: null } },
      refreshGlowLabel: false,
      storefrontUrl: null,
      shouldRedirectToOgs: true,
      ogsUrl: result.ogsUrl,
      storeIntroductionSheetHtml: null,
      errorModalHtml: null,
      cartCount: result.cartCount,
    };
  };
  app.post('/fom/add-to-fresh-order', freshOrderRoute, addToOrder);
  app.post(
    '/fom/add-to-fresh-order/ref=:reftag',
    { ...freshOrderRoute, schema: { ...freshOrderRoute.schema, params: freshOrderRefTagParams } },
    addToOrder,
  );
};
