import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegistriesView } from '../../../shared/contracts/pages/registries-page';
import type { Notice } from '../../../shared/contracts/pages/shopper';
import {
  findRegistryQuery,
  registryPageParams,
  registryViewQuery,
} from '../../../shared/contracts/registries';
import { DEFAULT_MARKETPLACE_ID, marketplaceById } from '../../../shared/marketplaces';
import {
  BABY_LANDING_PATH,
  BABY_SIGNUP_PATH,
  REGISTRIES_PATH,
  WEDDING_NEW_PATH,
  WEDDING_NO_SIGN_IN_PATH,
  WEDDING_ORGANIZE_PATH,
} from '../../../shared/registry-constants';
import { signInUrl } from '../../../shared/sign-in-url';
import type { ClientAssets } from '../../render/client-assets';
import { sendPage, shopperView } from '../../render/send-page';
import {
  guestView,
  ownerView,
  registriesHome,
  startingRegistryAddress,
  weddingOrganizeTarget,
} from '../../services/registries/registries';
import { registryNotice } from './registry-notices';

/** REG-002..004, decision 0062: the registry pages, server-rendered; every action on them is a plain form. */
export const registryPageRoutes: FastifyPluginAsyncZod<{ assets?: ClientAssets }> = async (
  app,
  { assets },
) => {
  const language = marketplaceById(DEFAULT_MARKETPLACE_ID)?.language ?? 'en-US';
  const db = () => app.store.db;
  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    title: string,
    view: RegistriesView,
    notice: Notice | null = null,
  ) =>
    sendPage(
      request,
      reply,
      200,
      { title: `${title} | Northwind Market`, language, robots: 'noindex' },
      {
        page: 'registries',
        shopper: await shopperView(app, request),
        csrfToken: request.session.csrfToken,
        notice,
        view,
      },
      assets,
    );
  const noticeOf = (request: FastifyRequest) => registryNotice((request.query as { notice?: string }).notice);

  app.get(
    REGISTRIES_PATH,
    { schema: { hide: true, querystring: findRegistryQuery } },
    async (request, reply) => {
      const home = await registriesHome(
        db(),
        await request.session.customer(),
        request.query.q?.trim() || undefined,
      );
      return page(request, reply, 'Registries and gift lists', { kind: 'home', ...home });
    },
  );

  app.get(
    '/registries/:type/owner-view',
    { schema: { hide: true, params: registryPageParams, querystring: registryViewQuery } },
    async (request, reply) => {
      const customer = await request.session.customer();
      if (!customer) return reply.redirect(signInUrl(request.url), 303);
      const outcome = await ownerView(db(), customer, {
        type: request.params.type,
        id: request.query.registryId,
        now: app.clock(),
      });
      if (!outcome.ok) return app.renderNotFound(request, reply);
      return page(
        request,
        reply,
        outcome.value.registry.name,
        { kind: 'owner', ...outcome.value },
        noticeOf(request),
      );
    },
  );

  app.get(
    '/registries/:type/guest-view',
    { schema: { hide: true, params: registryPageParams, querystring: registryViewQuery } },
    async (request, reply) => {
      const outcome = await guestView(db(), await request.session.customer(), {
        type: request.params.type,
        id: request.query.registryId,
        now: app.clock(),
      });
      if (!outcome.ok) return app.renderNotFound(request, reply);
      return page(
        request,
        reply,
        outcome.value.registry.name,
        { kind: 'guest', ...outcome.value },
        noticeOf(request),
      );
    },
  );

  app.get(WEDDING_ORGANIZE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const customer = await request.session.customer();
    if (!customer) return reply.redirect(WEDDING_NO_SIGN_IN_PATH, 303);
    return reply.redirect(await weddingOrganizeTarget(db(), customer), 303);
  });

  const createPage = (type: 'wedding' | 'baby' | null, heading: string, path: string) =>
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      const customer = await request.session.customer();

      return page(request, reply, heading, {
        kind: 'create',
        type,
        heading,
        address: await startingRegistryAddress(db(), customer),
        signInUrl: customer ? null : signInUrl(path),
      });
    });
  createPage('wedding', 'Create your wedding registry', WEDDING_NEW_PATH);
  createPage('baby', 'Create your baby registry', BABY_SIGNUP_PATH);
  createPage(null, 'Create a gift registry', `${REGISTRIES_PATH}/new`);

  app.get(WEDDING_NO_SIGN_IN_PATH, { schema: { hide: true } }, async (request, reply) =>
    page(request, reply, 'Sign in to your wedding registry', {
      kind: 'wedding-nosignin',
      signInUrl: signInUrl(WEDDING_ORGANIZE_PATH),
    }),
  );

  app.get(BABY_LANDING_PATH, { schema: { hide: true } }, async (request, reply) => {
    const customer = await request.session.customer();
    const home = customer ? await registriesHome(db(), customer, undefined) : null;
    const failed = (request.query as { error?: string }).error !== undefined;
    return page(
      request,
      reply,
      'Baby Registry',
      {
        kind: 'baby-landing',
        babyRegistry: home?.mine.find((r) => r.type === 'baby') ?? null,
        failed,
        signInUrl: customer ? null : signInUrl(BABY_LANDING_PATH),
      },
      noticeOf(request),
    );
  });
};
