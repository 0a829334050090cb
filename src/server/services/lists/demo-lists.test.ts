import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import { seedDemoLists } from './demo-lists';

describe.each(dialects)('the demo lists on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
  });
  afterAll(() => ctx?.close());

  test('shopper@ has a default wish list with two items, one whose price has dropped since it was added', async () => {
    expect(await seedDemoLists(ctx.store.db, 'catalog/demo/lists.json', ctx.clock.now)).toBe(1);
    // Seeding again leaves an account with lists alone.
    expect(await seedDemoLists(ctx.store.db, 'catalog/demo/lists.json', ctx.clock.now)).toBe(0);
    const s = new Shopper(ctx.app);
    await s.signIn('shopper@example.com', 'shopper-demo');
    await s.visit('/hz/wishlist/ls');
    const lists = (await s.request({ method: 'GET', url: '/hz/wishlist/addtolist' })).json().lists;
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatchObject({ name: 'Wish List', isDefault: true, itemCount: 2 });
    const page = await s.visit(lists[0].url);
    expect(page.body).toContain('Price dropped 16% since added');
    expect(page.body).toContain('Speaker Stand');
  });
});
