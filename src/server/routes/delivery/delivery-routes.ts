import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/contracts/common';
import { deliveryLocationRequest, deliveryLocationResponse } from '../../../shared/contracts/delivery';
import { DELIVERY_ZIP_COOKIE, LOCATION_PROMPT_COOKIE } from '../../services/delivery/delivery-cookies';

const YEAR_S = 60 * 60 * 24 * 365;

/** The shopper's delivery location (a ZIP code) and the dismissal of the location prompt. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, maxAge: YEAR_S };
  app.post(
    '/gp/delivery/location',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Sets the delivery ZIP code, or dismisses the location prompt',
        body: deliveryLocationRequest,
        response: {
          200: deliveryLocationResponse,
          400: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request, reply) => {
      reply.setCookie(LOCATION_PROMPT_COOKIE, 'dismissed', cookie);
      if ('zip' in request.body) {
        reply.setCookie(DELIVERY_ZIP_COOKIE, request.body.zip, cookie);
        return { zip: request.body.zip };
      }
      return { zip: request.cookies[DELIVERY_ZIP_COOKIE] ?? null };
    },
  );
};
