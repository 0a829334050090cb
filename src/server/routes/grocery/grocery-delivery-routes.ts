import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/contracts/common';
import {
  addressChangeRequest,
  addressChangeResponse,
  addressSelectionsQuery,
  addressSelectionsResponse,
  conflictQuery,
  conflictResolveResponse,
  conflictSummaryResponse,
  slotCancelQuery,
  slotCancelResponse,
  storeSheetQuery,
  storeSheetView,
} from '../../../shared/contracts/grocery';
import { DEFAULT_MARKETPLACE_ID } from '../../../shared/marketplaces';
import { conflictSummary, resolveConflicts } from '../../services/grocery/cart-conflicts';
import { addressSelections, changeDeliveryAddress } from '../../services/grocery/delivery-address';
import { cancelDeliverySlot } from '../../services/grocery/delivery-slots';
import { storeSheet } from '../../services/grocery/store-sheet';
import { sendRefusal } from '../refusal-status';
import { groceryShopper } from './fresh-cart-routes';

const US = DEFAULT_MARKETPLACE_ID;

/** Where grocery goes: cart conflicts with the chosen address, the delivery slot, the store sheet and the address (GRO-020..028). */
export const groceryDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const customerId = async (request: Parameters<typeof groceryShopper>[0]) =>
    (await groceryShopper(request)).customerId;

  app.post(
    '/afx/cartconflicts/getconflictsummary',
    {
      schema: {
        tags: ['grocery'],
        summary: 'Fresh cart items the chosen address cannot get (GRO-020)',
        querystring: conflictQuery,
        response: { 200: conflictSummaryResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => conflictSummary(app.store.db, await groceryShopper(request)),
  );

  app.post(
    '/afx/cartconflicts/resolve',
    {
      schema: {
        tags: ['grocery'],
        summary: 'Moves conflicting fresh items to a store that delivers, or removes them (GRO-021)',
        querystring: conflictQuery,
        response: { 200: conflictResolveResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => resolveConflicts(app.store.db, await groceryShopper(request)),
  );

  app.post(
    '/afx/slotselection/cancel',
    {
      schema: {
        tags: ['grocery'],
        summary: 'Clears the shopper’s delivery slot reservation (GRO-025)',
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
      if (!cancelled) {
        const message = 'no held reservation with this token';
        return sendRefusal(reply, { code: 'slot_not_found', message, field: 'token' });
      }
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
      const view = await storeSheet(app.store.db, request.query, await customerId(request), US);
      if (!view) {
        const message = 'this store does not sell that product';
        return sendRefusal(reply, { code: 'store_not_found', message, field: 'almStoreId' });
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
    async (request) => addressSelections(app.store.db, await customerId(request)),
  );

  app.post(
    '/portal-migration/hz/glow/address-change',
    {
      schema: {
        tags: ['grocery'],
        summary: 'Chooses the delivery address for grocery (GRO-028); send the token as anti-csrftoken-a2z',
        body: addressChangeRequest,
        response: {
          200: addressChangeResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const result = await changeDeliveryAddress(
        app.store.db,
        await customerId(request),
        request.body.addressId,
        app.clock(),
      );
      if (!result.ok) return sendRefusal(reply, { ...result.refusal, field: 'addressId' });
      return { isSuccess: true as const, addressId: result.addressId, addressLabel: result.addressLabel };
    },
  );
};
