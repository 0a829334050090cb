import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponse } from '../../../shared/contracts/common';
import {
  contributeBody,
  createRegistryBody,
  guestAddToCartBody,
  registryWriteResponse,
  updateItemBody,
  updateSettingsBody,
} from '../../../shared/contracts/registries';
import { DEFAULT_MARKETPLACE_ID } from '../../../shared/marketplaces';
import { guestViewPath, REGISTRIES_PATH } from '../../../shared/registry-constants';
import type { Refusal } from '../../services/refusal';
import {
  contribute,
  createRegistry,
  guestLinkOf,
  type RegistryRefusalCode,
  updateItem,
  updateSettings,
} from '../../services/registries/registries';
import { addRegistryItemToCart } from '../../services/registries/registry-orders';
import { type RefusalCode, sendRefusal } from '../refusal-status';
import { NOTICE_REFUSALS } from './registry-notices';

const tags = ['registries'];
const route = (summary: string, body: z.ZodType) => ({
  schema: {
    tags,
    summary,
    description:
      'JSON or form body with the CSRF token (decision 0062). A form post is answered with a 303 to the page.',
    body,
    response: {
      200: registryWriteResponse,
      400: errorResponse,
      401: errorResponse,
      403: errorResponse,
      404: errorResponse,
      409: errorResponse,
      422: errorResponse,
    },
  },
});

const isForm = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/** The registry pages' writes: create, the owner's item and settings changes, a giver's cart add and contribution. */
export const registryWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.store.db;
  /** Success: JSON, or for a plain form the page it came from (post/redirect/get) with a notice. */
  const done = (
    request: FastifyRequest,
    reply: FastifyReply,
    registryId: string,
    link: string,
    notice: string,
  ) =>
    isForm(request)
      ? reply.redirect(`${link}${link.includes('?') ? '&' : '?'}notice=${notice}`, 303)
      : { ok: true as const, registryId, link };
  const refused = (
    request: FastifyRequest,
    reply: FastifyReply,
    refusal: Refusal<RegistryRefusalCode | RefusalCode>,
    back?: string,
  ) =>
    isForm(request) && back && NOTICE_REFUSALS.has(refusal.code)
      ? reply.redirect(`${back}&notice=${refusal.code}`, 303)
      : sendRefusal(reply, refusal as Refusal<RefusalCode>);

  app.post(
    REGISTRIES_PATH,
    route('Creates a registry for the signed-in shopper', createRegistryBody),
    async (request, reply) => {
      const { type, name, eventDate, privacy, fullName, line1, city, state, postalCode } =
        request.body as z.infer<typeof createRegistryBody>;
      const outcome = await createRegistry(db(), await request.session.customer(), {
        type,
        name,
        eventDate,
        privacy,
        address: { fullName, line1, city, state, postalCode },
        now: app.clock(),
      });
      if (!outcome.ok) return refused(request, reply, outcome.refusal);
      return done(request, reply, outcome.value.id, outcome.value.ownerLink, 'created');
    },
  );

  app.post(
    '/registries/owner-view/update-item',
    route("The owner changes an item's requested count or flags, or removes it", updateItemBody),
    async (request, reply) => {
      const body = request.body as z.infer<typeof updateItemBody>;
      const outcome = await updateItem(db(), await request.session.customer(), body);
      if (!outcome.ok) return refused(request, reply, outcome.refusal);
      return done(
        request,
        reply,
        body.registryId,
        outcome.value.ownerLink,
        body.remove ? 'removed' : 'saved',
      );
    },
  );

  app.post(
    '/registries/owner-view/settings',
    route('The owner changes who sees the registry and the spoiler-free mode', updateSettingsBody),
    async (request, reply) => {
      const body = request.body as z.infer<typeof updateSettingsBody>;
      const outcome = await updateSettings(db(), await request.session.customer(), body);
      if (!outcome.ok) return refused(request, reply, outcome.refusal);
      return done(request, reply, body.registryId, outcome.value.ownerLink, 'saved');
    },
  );

  app.post(
    '/registries/guest-view/add-to-cart',
    route(
      'A gift-giver adds a registry item to the cart; it counts purchased only when the order is placed',
      guestAddToCartBody,
    ),
    async (request, reply) => {
      const body = request.body as z.infer<typeof guestAddToCartBody>;
      const outcome = await addRegistryItemToCart(db(), await request.session.customer(), {
        owner: await request.session.cartOwner(),
        marketplaceId: DEFAULT_MARKETPLACE_ID,
        registryId: body.registryId,
        itemId: body.itemId,
        quantity: body.quantity,
        now: app.clock(),
      });
      if (!outcome.ok) return refused(request, reply, outcome.refusal as Refusal<RefusalCode>);
      return isForm(request)
        ? reply.redirect('/gp/cart/view.html', 303)
        : { ok: true as const, registryId: body.registryId, link: outcome.value.guestLink };
    },
  );

  app.post(
    '/registries/guest-view/contribute',
    route('A gift-giver contributes from $5 toward a group gift', contributeBody),
    async (request, reply) => {
      const body = request.body as z.infer<typeof contributeBody>;
      const amountMinor =
        body.amountMinor ?? (body.amount ? Math.round(Number(body.amount) * 100) : undefined);
      if (amountMinor === undefined) {
        return sendRefusal(reply, {
          code: 'invalid_request',
          message: 'say how much to contribute',
          field: 'amount',
        });
      }
      const outcome = await contribute(db(), await request.session.customer(), {
        registryId: body.registryId,
        itemId: body.itemId,
        amountMinor,
        now: app.clock(),
      });
      if (!outcome.ok) {
        return refused(request, reply, outcome.refusal, await guestLinkOf(db(), body.registryId));
      }
      const { registry } = outcome.value;
      return done(request, reply, registry.id, guestViewPath(registry.type, registry.id), 'contributed');
    },
  );
};
