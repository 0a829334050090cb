import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

describe.each(dialects)('the demo registries on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
  });
  afterAll(() => ctx?.close());

  test('REG-001 registry@ owns a baby registry with B0PDPBAB01 (one item partly bought, one group gift) and a wedding registry, both found by name', async () => {
    const s = new Shopper(ctx.app);
    await s.signIn('registry@example.com', 'registry-demo');
    await s.visit('/registries');
    const { result } = (
      await s.request({ method: 'GET', url: '/registries/dpx/desktop/list-registry?asin=B0PDPBAB01' })
    ).json() as { result: { id: string; type: string; name: string; containsAsin: boolean }[] };
    expect(result.map((r) => [r.type, r.containsAsin])).toEqual([
      ['baby', true],
      ['wedding', false],
    ]);
    const [baby, wedding] = result as [(typeof result)[0], (typeof result)[0]];
    const owner = await s.visit(`/registries/baby/owner-view?registryId=${baby.id}`);
    expect(owner.body).toMatch(/1 of 2 purchased/);
    const giver = new Shopper(ctx.app);
    await giver.signIn('shopper@example.com', 'shopper-demo');
    for (const r of [baby, wedding]) {
      const found = await giver.visit(`/registries?q=${encodeURIComponent(r.name)}`);
      expect(found.body).toContain(r.name);
    }
    expect((await giver.visit(`/registries/baby/guest-view?registryId=${baby.id}`)).body).toMatch(/% funded/);
  });
});
