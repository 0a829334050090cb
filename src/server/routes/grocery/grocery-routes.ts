import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fallbackModal } from '../../../domain/grocery/fresh-cart-fallback';
import { errorResponse } from '../../../shared/contracts/common';
import {
  addressChangeRequest,
  addressChangeResponse,
  addressSelectionsQuery,
  addressSelectionsResponse,
  cartCountJsonQuery,
  cartCountJsonResponse,
  conflictQuery,
  conflictResolveResponse,
  conflictSummaryResponse,
  freshAddError,
  freshAddQuery,
  freshAddRequest,
  freshAddResponse,
  freshCartCountResponse,
  freshMultiAddRequest,
  freshOrderQuery,
  genericErrorModalRequest,
  genericErrorModalResponse,
  slotCancelQuery,
  slotCancelResponse,
  storeSheetQuery,
  storeSheetView,
} from '../../../shared/contracts/grocery';
import { refTag } from '../../../shared/contracts/logging';
import { DEFAULT_MARKETPLACE_ID } from '../../../shared/marketplaces';
import { countCartUnits } from '../../db/repositories/cart-repository';
import { sendError } from '../../plugins/errors';
import { errorModalHtml, storeSheetHtml } from '../../render/grocery-html';
import { conflictSummary, resolveConflicts } from '../../services/grocery/cart-conflicts';
import { addressSelections, changeDeliveryAddress } from '../../services/grocery/delivery-address';
import { cancelDeliverySlot } from '../../services/grocery/delivery-slots';
import {
  addManyToFreshCart,
  addToFreshCart,
  type FreshAddResult,
  type FreshRefusal,
  freshCartCount,
} from '../../services/grocery/fresh-cart';
import { addToFreshOrder } from '../../services/grocery/fresh-order';
import { storeSheet } from '../../services/grocery/store-sheet';

const US = DEFAULT_MARKETPLACE_ID;
const groceryErrors = { 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** GRO-029: a refused add answers 400 with the house error, the server's modal and the cart as it stands. */
function sendRefusal(reply: FastifyReply, refusal: FreshRefusal) {
  return reply.code(400).send({
    error: { code: refusal.code.toLowerCase(), message: refusal.message },
    errorModalHtml: errorModalHtml(refusal.modal, refusal.code),
    clientResponseModel: { items: refusal.items, uberCartStatus: { errorStatusCode: refusal.code } },
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
function sessionMismatch(request: FastifyRequest, reply: FastifyReply, sessionID: string) {
  if (sessionID === request.session.id) return false;
  sendError(reply, 403, 'session_mismatch', 'sessionID does not match this session', 'sessionID');
  return true;
}

/** Grocery (S2 §7): the fresh cart and fresh orders, conflicts, slots, the store sheet and the delivery address. */
export const groceryRoutes: FastifyPluginAsyncZod = async (app) => {
  const who = async (request: FastifyRequest) => ({
    owner: await request.session.cartOwner(),
    customerId: (await request.session.customer())?.id ?? null,
    marketplaceId: US,
  });

  app.post(
    '/alm/addtofreshcart',
    {
      schema: {
        tags: ['grocery'],
        summary: 'Adds to, or sets the quantity in, the fresh (UFG) cart (GRO-017, SL-015)',
        security: [{ csrf: [] }],
        querystring: freshAddQuery,
        body: freshAddRequest,
        response: { 200: freshAddResponse, 400: freshAddError, ...groceryErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (sessionMismatch(request, reply, body.sessionID)) return reply;
      const result = await addToFreshCart(app.store.db, {
        ...(await who(request)),
        asin: body.asin,
        storeId: body.additionalInput?.storeId ?? body.storeId,
        brandId: body.brandId,
        offerListingDiscriminator: body.offerListingDiscriminator,
        quantity: body.quantity,
        setQuantity: body.setQuantityFlag,
        isStepper: body.isStepperFlag,
        shouldRenderSheet: body.additionalParams?.shouldRenderSIS ?? false,
        now: app.clock(),
      });
      app.metrics.cartAdds.inc({
        api: 'fresh-cart',
        outcome: result.ok ? 'added' : result.code.toLowerCase(),
      });
      if (!result.ok) return sendRefusal(reply, result);
      return freshAnswer(result);
    },
  );

  app.post(
    '/alm/addtocart/multiple',
    {
      schema: {
        tags: ['grocery'],
        summary: 'Adds several items to the fresh cart at once, all or none (GRO-024)',
        security: [{ csrf: [] }],
        querystring: freshAddQuery,
        body: freshMultiAddRequest,
        response: { 200: freshAddResponse, 400: freshAddError, ...groceryErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (sessionMismatch(request, reply, body.sessionID)) return reply;
      const result = await addManyToFreshCart(app.store.db, {
        ...(await who(request)),
        storeId: body.storeId,
        brandId: body.brandId,
        items: body.items,
        now: app.clock(),
      });
      app.metrics.cartAdds.inc({
        api: 'fresh-multi',
        outcome: result.ok ? 'added' : result.code.toLowerCase(),
      });
      if (!result.ok) return sendRefusal(reply, result);
      return freshAnswer(result);
    },
  );

  const freshOrderRoute = {
    config: { csrfQueryParam: 'csrf' },
    schema: {
      tags: ['grocery'],
      summary:
        'Adds an item to the scheduled fresh order until its cut-off (GRO-019); the CSRF token may ride as ?csrf=',
      security: [{ csrf: [] }],
      querystring: freshOrderQuery,
      body: freshAddRequest,
      response: { 200: freshAddResponse, 400: freshAddError, ...groceryErrors },
    },
  };
  const addToOrder = async (
    request: FastifyRequest<{ Body: z.infer<typeof freshAddRequest> }>,
    reply: FastifyReply,
  ) => {
    const body = request.body;
    if (sessionMismatch(request, reply, body.sessionID)) return reply;
    const result = await addToFreshOrder(app.store.db, {
      ...(await who(request)),
      asin: body.asin,
      storeId: body.storeId,
      brandId: body.brandId,
      offerListingDiscriminator: body.offerListingDiscriminator,
      quantity: body.quantity,
      setQuantity: body.setQuantityFlag,
      now: app.clock(),
    });
    if (!result.ok && result.status === 401) return sendError(reply, 401, result.code, result.message);
    if (!result.ok) return sendRefusal(reply, result);
    const owner = await request.session.cartOwner();
    return {
      clientResponseModel: { items: result.items, uberCartStatus: { errorStatusCode: null } },
      refreshGlowLabel: false,
      storefrontUrl: null,
      shouldRedirectToOgs: true,
      ogsUrl: result.ogsUrl,
      storeIntroductionSheetHtml: null,
      errorModalHtml: null,
      cartCount: await freshCartCount(app.store.db, owner, US),
    };
  };
  app.post('/fom/add-to-fresh-order', freshOrderRoute, addToOrder);
  app.post(
    '/fom/add-to-fresh-order/ref=:reftag',
    { ...freshOrderRoute, schema: { ...freshOrderRoute.schema, params: z.object({ reftag: refTag }) } },
    addToOrder,
  );

  app.post(
    '/alm/atfcGenericErrorModal/',
    {
      schema: {
        tags: ['grocery'],
        summary:
          'The generic grocery error modal (GRO-018), in the language asked for when the store knows it',
        security: [{ csrf: [] }],
        body: genericErrorModalRequest,
        response: { 200: genericErrorModalResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const modal = fallbackModal(request.body.language ?? 'en-US', request.body.kind);
      return {
        errorModalHtml: errorModalHtml({
          header: modal.header,
          errorMessage: modal.message,
          footer: 'If it keeps happening, add the item from your cart page.',
        }),
      };
    },
  );

  app.get(
    '/alm/addtofreshcart/cartcount',
    {
      schema: {
        tags: ['grocery'],
        summary: 'Units in the fresh cart (GRO-023)',
        response: { 200: freshCartCountResponse },
      },
    },
    async (request) => ({
      cartCount: await freshCartCount(app.store.db, await request.session.cartOwner(), US),
    }),
  );

  app.post(
    '/gp/api/cart/1.0/get-cart-count.json',
    {
      schema: {
        tags: ['grocery'],
        summary: 'The navigation cart count (GRO-016): units in the retail and fresh carts',
        security: [{ csrf: [] }],
        querystring: cartCountJsonQuery,
        response: { 200: cartCountJsonResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      if (sessionMismatch(request, reply, request.query.sessionID)) return reply;
      const owner = await request.session.cartOwner();
      const units = await countCartUnits(app.store.db, owner, US, ['RETAIL', 'FRESH']);
      return { isOK: true as const, total: { numActiveItem: units } };
    },
  );

  app.post(
    '/afx/cartconflicts/getconflictsummary',
    {
      schema: {
        tags: ['grocery'],
        summary: 'Fresh cart items the chosen address cannot get (GRO-020)',
        security: [{ csrf: [] }],
        querystring: conflictQuery,
        response: { 200: conflictSummaryResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => conflictSummary(app.store.db, await who(request)),
  );

  app.post(
    '/afx/cartconflicts/resolve',
    {
      schema: {
        tags: ['grocery'],
        summary: 'Moves conflicting fresh items to a store that delivers, or removes them (GRO-021)',
        security: [{ csrf: [] }],
        querystring: conflictQuery,
        response: { 200: conflictResolveResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => resolveConflicts(app.store.db, await who(request)),
  );

  app.post(
    '/afx/slotselection/cancel',
    {
      schema: {
        tags: ['grocery'],
        summary: 'Clears the shopper’s delivery slot reservation (GRO-025)',
        security: [{ csrf: [] }],
        querystring: slotCancelQuery,
        response: { 200: slotCancelResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const cancelled = await cancelDeliverySlot(
        app.store.db,
        await request.session.cartOwner(),
        request.query.token,
        app.clock(),
      );
      if (!cancelled)
        return sendError(reply, 404, 'slot_not_found', 'no held reservation with this token', 'token');
      return { isSuccess: true as const };
    },
  );

  app.get(
    '/mulon/alm-sis',
    {
      schema: {
        tags: ['grocery'],
        summary: 'The store introduction sheet’s data (GRO-026: JSON the page renders)',
        querystring: storeSheetQuery,
        response: { 200: storeSheetView, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const view = await storeSheet(app.store.db, request.query, (await who(request)).customerId, US);
      if (!view) {
        return sendError(
          reply,
          404,
          'store_not_found',
          'this store does not sell that product',
          'almStoreId',
        );
      }
      return view;
    },
  );

  app.get(
    '/portal-migration/hz/glow/get-rendered-address-selections',
    {
      schema: {
        tags: ['grocery'],
        summary: 'The shopper’s delivery addresses to choose from (GRO-027: JSON the page renders)',
        querystring: addressSelectionsQuery,
        response: { 200: addressSelectionsResponse, 400: errorResponse },
      },
    },
    async (request) => addressSelections(app.store.db, (await who(request)).customerId),
  );

  app.post(
    '/portal-migration/hz/glow/address-change',
    {
      schema: {
        tags: ['grocery'],
        summary: 'Chooses the delivery address for grocery (GRO-028); send the token as anti-csrftoken-a2z',
        security: [{ csrf: [] }],
        body: addressChangeRequest,
        response: { 200: addressChangeResponse, 400: errorResponse, ...groceryErrors },
      },
    },
    async (request, reply) => {
      const result = await changeDeliveryAddress(
        app.store.db,
        (await who(request)).customerId,
        request.body.addressId,
        app.clock(),
      );
      if (!result.ok) return sendError(reply, result.status, result.code, result.message, 'addressId');
      return { isSuccess: true as const, addressId: result.addressId, addressLabel: result.addressLabel };
    },
  );
};
