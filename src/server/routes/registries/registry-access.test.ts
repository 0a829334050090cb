import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createRegistry } from '../../../../tests/factories/registry-factory';
import { registeredRoutes } from '../../../../tests/helpers/openapi-routes';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const REGISTRY_PATHS = /^\/(registries|wedding|baby-reg)\b/;

// Generated over every registry route: another shopper and an anonymous visitor send each route what
// names the owner's private registry, its item and its asin; none of it changes, and no answer shows it.
describe.each(dialects)('registry access on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());

  test('REG-001 REG-002 REG-018 REG-019 REG-021 REG-022 REG-028 another shopper and an anonymous visitor cannot change a registry or read a private one, on every registry route', async () => {
    const ownerAccount = await createCustomer(ctx.store.db);
    const p = await createProduct(ctx.store.db, { title: 'Secret Cloud Bassinet' });
    const fresh = await createProduct(ctx.store.db);
    const reg = await createRegistry(ctx.store.db, {
      customerId: ownerAccount.id,
      privacy: 'private',
      name: `Hidden Registrant ${Date.now()}`,
      items: [{ asin: p.asin, requested: 2, groupGifting: false }],
    });
    const pub = await createRegistry(ctx.store.db, {
      customerId: ownerAccount.id,
      type: 'wedding',
      items: [{ asin: p.asin, requested: 2 }],
    });
    const snapshot = async () => ({
      registries: await ctx.store.db
        .selectFrom('registries')
        .selectAll()
        .where('customer_id', '=', ownerAccount.id)
        .orderBy('id')
        .execute(),
      items: await ctx.store.db
        .selectFrom('registry_items')
        .selectAll()
        .where('registry_id', 'in', [reg.id, pub.id])
        .orderBy('id')
        .execute(),
    });
    const before = await snapshot();
    const other = await createCustomer(ctx.store.db, { paymentMethod: 'Visa ending 1111' });
    const stranger = new Shopper(ctx.app);
    await stranger.signIn(other.email, other.password);
    expect((await stranger.visit('/registries')).body).toContain('You have no registries yet.');
    const anonymous = new Shopper(ctx.app);
    // A visitor is asked to sign in, not told they have none.
    const home = (await anonymous.visit('/registries')).body;
    expect(home).toContain('to see and manage your');
    expect(home).not.toContain('You have no registries yet.');

    const routes = registeredRoutes(ctx.app.printRoutes({ commonPrefix: false })).filter(
      (r) => REGISTRY_PATHS.test(r.path) && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(25);
    let sent = 0;
    for (const visitor of [stranger, anonymous]) {
      for (const target of [reg, pub]) {
        for (const route of routes) {
          const path = route.path.replace(':type', target.type).replace(':id', target.id);
          const query = new URLSearchParams({ asin: p.asin, registryId: target.id }).toString();
          const body = {
            token: visitor.csrfToken,
            asin: p.asin,
            registryId: target.id,
            registryType: target.type,
            itemId: target.itemIds[0],
            items: [{ asin: fresh.asin, requestedQuantity: 1 }],
            value: route.path.endsWith('request-quantity') ? 9 : true,
            requestedQuantity: 9,
            mustHave: true,
            private: true,
            remove: true,
            privacy: 'public',
            spoilerFree: true,
            amountMinor: 500,
          };
          const response = await visitor.request({
            method: route.method as 'GET' | 'POST',
            url: `${path}?${query}`,
            ...(route.method === 'GET'
              ? { headers: { accept: 'text/html' } }
              : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
          });
          sent++;
          const where = `${route.method} ${path} (${target === reg ? 'private' : 'public'})`;
          expect(response.statusCode, where).toBeLessThan(500);
          if (target === reg) {
            expect(response.body, where).not.toContain(reg.name);
            expect(response.body, where).not.toContain(reg.itemIds[0]);
            expect(response.body, where).not.toContain('"inRegistry":true');
            expect(response.body, where).not.toContain('11 Wall St');
          }
          // A giver may put a public registry's item in their own cart (it counts only when ordered); the
          // baby add answers failure as data (REG-023).
          const givers =
            route.path === '/registries/guest-view/add-to-cart' && target === pub && visitor === stranger;
          if (route.method === 'POST' && route.path !== '/baby-reg/button-action/atbr-dpx' && !givers) {
            expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(await snapshot()).toEqual(before);
    // Reading the private registry's pages is a 404 for both.
    for (const visitor of [stranger, anonymous]) {
      expect((await visitor.visit(`/registries/baby/guest-view?registryId=${reg.id}`)).statusCode).toBe(404);
    }
  });
});
