import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/contracts/common';
import {
  addProductBody,
  addProductResponse,
  asinQuery,
  dpxAddParams,
  dpxAddView,
  listRegistryQuery,
  listRegistryResponse,
  registryTagsResponse,
  registryType,
  weddingAddItemsBody,
  weddingAddItemsResponse,
  weddingModalQuery,
  weddingModalView,
} from '../../../shared/contracts/registries';
import {
  ADD_PRODUCT_PATH,
  LIST_REGISTRY_PATH,
  WEDDING_ADD_ITEMS_PATH,
  WEDDING_EXTERNAL_MODAL_PATH,
} from '../../../shared/registry-constants';
import { takenKeyOf } from '../../plugins/idempotency';
import {
  addProduct,
  dpxAddToRegistry,
  listRegistries,
  registryTags,
  weddingAddItems,
  weddingModal,
} from '../../services/registries/registries';
import { sendRefusal } from '../refusal-status';

const tags = ['registries'];
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/** REG-017..022: the registry calls of the product page's add-to-registry (S2 §7). */
export const registryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.store.db;
  app.get(
    LIST_REGISTRY_PATH,
    {
      schema: {
        tags,
        summary: "The shopper's registries for the add-to-registry dropdown (REG-017, REG-008)",
        querystring: listRegistryQuery,
        response: { 200: listRegistryResponse, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await listRegistries(db(), await request.session.customer(), request.query.asin);
      reply.header('cache-control', 'no-store');
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.post(
    ADD_PRODUCT_PATH,
    {
      schema: {
        tags,
        summary: 'Adds a product to a registry named by id or type (REG-018, REG-014)',
        description: 'JSON or form body; the CSRF token as `token` (decision 0062). Only the owner adds.',
        body: addProductBody,
        response: { 200: addProductResponse, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await addProduct(db(), await request.session.customer(), {
        ...request.body,
        now: app.clock(),
        requestKey: takenKeyOf(request),
      });
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.post(
    WEDDING_ADD_ITEMS_PATH,
    {
      schema: {
        tags,
        summary:
          "Adds items to the shopper's wedding registry (REG-019); ITEM_ALREADY_EXIST adds none (REG-032)",
        body: weddingAddItemsBody,
        response: { 200: weddingAddItemsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await weddingAddItems(db(), await request.session.customer(), {
        items: request.body.items,
        registryId: request.body.registryId,
        now: app.clock(),
        requestKey: takenKeyOf(request),
      });
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.get(
    WEDDING_EXTERNAL_MODAL_PATH,
    {
      schema: {
        tags,
        summary: "The wedding modal's data (REG-020; the spec's HTML answer as JSON, decision 0062)",
        querystring: weddingModalQuery,
        response: { 200: weddingModalView, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await weddingModal(db(), await request.session.customer(), request.query.asin);
      reply.header('cache-control', 'no-store');
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.get(
    '/registries/dpx-add-to-registry/:type/:id',
    {
      schema: {
        tags,
        summary: "One of the shopper's registries' add modal for a product (REG-021)",
        params: dpxAddParams,
        querystring: asinQuery,
        response: { 200: dpxAddView, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await dpxAddToRegistry(db(), await request.session.customer(), {
        ...request.params,
        asin: request.query.asin,
      });
      reply.header('cache-control', 'no-store');
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );

  app.get(
    '/registries/:type/:id/dpx-get-registry-tags',
    {
      schema: {
        // Out of the OpenAPI document: with the spec's /registries/dpx-add-to-registry/{type}/{id} beside
        // it the two templates are ambiguous there (Redocly), though Fastify tells them apart by the
        // static segments; docs/api.md describes it.
        hide: true,
        tags,
        summary: "A registry's gift tags, shown in the 800-wide gift-tag modal (REG-022, REG-007)",
        params: z.object({ type: registryType, id: z.string().min(1).max(64) }),
        response: { 200: registryTagsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await registryTags(db(), await request.session.customer(), request.params);
      reply.header('cache-control', 'no-store');
      return outcome.ok ? outcome.value : sendRefusal(reply, outcome.refusal);
    },
  );
};
