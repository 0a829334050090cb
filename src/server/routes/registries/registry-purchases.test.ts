import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createRegistry } from '../../../../tests/factories/registry-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const ADDRESS = {
  fullName: 'Sam Carter',
  line1: '1200 Market St',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94102',
};

describe.each(dialects)('buying from a registry on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());

  const shopper = async () => {
    const customer = await createCustomer(ctx.store.db, {
      shippingAddress: ADDRESS,
      paymentMethod: 'Visa ending 4242',
    });
    const s = new Shopper(ctx.app);
    await s.signIn(customer.email, customer.password);
    await s.visit('/registries');
    return Object.assign(s, { customerId: customer.id });
  };
  const item = async (id: string) => {
    const row = await ctx.store.db
      .selectFrom('registry_items')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { purchased: Number(row.purchased_quantity), funded: Number(row.funded_minor) };
  };
  const addToCart = (s: Shopper, registryId: string, itemId: string, quantity = 1) =>
    s.request({
      method: 'POST',
      url: '/registries/guest-view/add-to-cart',
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken },
      payload: JSON.stringify({ registryId, itemId, quantity }),
    });
  const placeOrder = (s: Shopper, extra: Record<string, string> = {}) =>
    s.postForm('/gp/buy/spc/handlers/place-order.html', { source: 'cart', ...ADDRESS, ...extra });

  test('REG-001 a cart add never moves the purchased count; placing the order does, shipping to the registrant', async () => {
    const owner = await shopper();
    const p = await createProduct(ctx.store.db);
    const reg = await createRegistry(ctx.store.db, {
      customerId: owner.customerId,
      items: [{ asin: p.asin, requested: 2 }],
    });
    const itemId = reg.itemIds[0] as string;
    const giver = await shopper();
    const added = await addToCart(giver, reg.id, itemId);
    expect(added.statusCode).toBe(200);
    expect((await item(itemId)).purchased).toBe(0);
    // The owner view still says none bought; an abandoned cart never counts.
    expect((await owner.visit(`/registries/baby/owner-view?registryId=${reg.id}`)).body).toContain(
      '0 of 2 purchased',
    );
    const checkout = await giver.visit('/gp/buy/spc/handlers/display.html');
    expect(checkout.body).not.toContain('11 Wall St');
    expect(checkout.body).toContain(`Ship the registry gifts to ${reg.name}`);
    const placed = await placeOrder(giver, { shipToRegistrant: reg.id });
    expect(placed.statusCode).toBe(303);
    expect(placed.headers.location).toContain('orderId=');
    expect((await item(itemId)).purchased).toBe(1);
    const orderId = new URL(placed.headers.location as string, 'http://x').searchParams.get(
      'orderId',
    ) as string;
    const line = await ctx.store.db
      .selectFrom('registry_order_lines')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect([Number(line.quantity), Number(line.ship_to_registrant)]).toEqual([1, 1]);
    // The confirmation says where the gift goes, by the registrant's name, never with their address.
    const confirmation = await giver.visit(placed.headers.location as string);
    expect(confirmation.body).not.toContain('11 Wall St');
    expect(confirmation.body).toContain(
      `Your registry gift ships to ${reg.name}, at the address on their registry: ${p.title}.`,
    );
    expect((await owner.visit(`/registries/baby/owner-view?registryId=${reg.id}`)).body).toContain(
      '1 of 2 purchased',
    );
  });

  test('REG-001 10 parallel orders for the last 3 needed units: every order placed, purchased = ordered', async () => {
    const owner = await shopper();
    const p = await createProduct(ctx.store.db);
    const reg = await createRegistry(ctx.store.db, {
      customerId: owner.customerId,
      items: [{ asin: p.asin, requested: 5, purchased: 2 }],
    });
    const itemId = reg.itemIds[0] as string;
    const givers = await Promise.all(Array.from({ length: 10 }, () => shopper()));
    for (const giver of givers) expect((await addToCart(giver, reg.id, itemId)).statusCode).toBe(200);
    const placed = await Promise.all(givers.map((giver) => placeOrder(giver)));
    const ordered = placed.filter((r) => String(r.headers.location).includes('orderId=')).length;
    expect(ordered).toBe(10);
    expect((await item(itemId)).purchased).toBe(2 + ordered);
    const lines = await ctx.store.db
      .selectFrom('registry_order_lines')
      .selectAll()
      .where('registry_item_id', '=', itemId)
      .execute();
    expect(lines.reduce((sum, l) => sum + Number(l.quantity), 0)).toBe(10);
  });

  test('REG-001 group gifting: two givers fund it from $5; it counts purchased once fully funded', async () => {
    const owner = await shopper();
    const p = await createProduct(ctx.store.db, { offers: [{ price: 60 }] });
    const reg = await createRegistry(ctx.store.db, {
      customerId: owner.customerId,
      items: [{ asin: p.asin, requested: 1, groupGifting: true }],
    });
    const itemId = reg.itemIds[0] as string;
    const [first, second] = [await shopper(), await shopper()];
    const give = (s: Shopper, amount: string) =>
      s.postForm('/registries/guest-view/contribute', { registryId: reg.id, itemId, amount });
    const tooLittle = await give(first, '4.99');
    expect(tooLittle.headers.location).toContain('notice=contribution_below_minimum');
    expect((await addToCart(first, reg.id, itemId)).statusCode).toBe(409);
    expect((await give(first, '25')).headers.location).toContain('notice=contributed');
    expect(await item(itemId)).toEqual({ purchased: 0, funded: 2500 });
    const guest = await second.visit(`/registries/baby/guest-view?registryId=${reg.id}`);
    expect(guest.body).toMatch(/41(<!-- -->)?% funded/);
    expect((await give(second, '40')).headers.location).toContain('notice=contribution_above_remaining');
    expect((await give(second, '35')).headers.location).toContain('notice=contributed');
    expect(await item(itemId)).toEqual({ purchased: 1, funded: 6000 });
    expect((await give(second, '5')).headers.location).toContain('notice=group_gift_funded');
    expect((await owner.visit(`/registries/baby/owner-view?registryId=${reg.id}`)).body).toContain(
      '1 of 1 purchased',
    );
  });

  test('REG-001 spoiler-free owner mode hides what was bought until the event date', async () => {
    const owner = await shopper();
    const p = await createProduct(ctx.store.db);
    const reg = await createRegistry(ctx.store.db, {
      customerId: owner.customerId,
      spoilerFree: true,
      eventDate: '2099-01-01',
      items: [{ asin: p.asin, requested: 3, purchased: 2 }],
    });
    const page = await owner.visit(`/registries/baby/owner-view?registryId=${reg.id}`);
    expect(page.body).not.toContain('2 of 3 purchased');
    expect(page.body).toContain('3 requested');
    expect(page.body).toContain('purchases stay hidden until 2099-01-01');
    const preview = await owner.visit(`/registries/baby/guest-view?registryId=${reg.id}`);
    expect(preview.body).not.toContain('Still needed');
    const giver = await shopper();
    expect((await giver.visit(`/registries/baby/guest-view?registryId=${reg.id}`)).body).toMatch(
      /Still needed (<!-- -->)?1/,
    );
    const past = await createRegistry(ctx.store.db, {
      customerId: owner.customerId,
      spoilerFree: true,
      eventDate: '2020-01-01',
      items: [{ asin: p.asin, requested: 3, purchased: 2 }],
    });
    expect((await owner.visit(`/registries/baby/owner-view?registryId=${past.id}`)).body).toContain(
      '2 of 3 purchased',
    );
  });
});
