import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { createCustomer, demoAccountShape } from '../factories/customer-factory';
import { createDeal } from '../factories/deal-factory';
import { createProduct } from '../factories/product-factory';
import { listeningAt } from './server-process';
import { anonymousBrowser, type Browser, signedInBrowser } from './shopper-sessions';

// Crash safety (docs/decisions/0065-crash-safety-and-soak.md): the real server process on a database,
// driven by a few concurrent shoppers (cart adds, deal claims, orders through checkout, list adds),
// killed with SIGKILL at a random moment and started again on the same database, many times over.
// Every write the server acknowledged must be there afterwards, every order whole, the deal's ledger
// balanced. Shared by tests/robustness/crash-safety.test.ts (100 kills) and bench/chaos.ts (more).

const SECRET = 'chaos-secret-chaos-secret-chaos-secret';
const MARKETPLACE = 'ATVPDKIKX0DER';
/** Cart adds per anonymous shopper before the next one takes over (the line limit is 10). */
const ADDS_PER_CART = 8;
const PRODUCT_STOCK = 1_000_000;
const DEAL_UNITS = 40;

const anonymous = () => anonymousBrowser(SECRET);

export type ChaosWorld = {
  product: { asin: string; offerListingId: string };
  deal: { asin: string; dealId: string; offerListingId: string };
  listAsins: string[];
  buyers: { id: string; browser: Browser }[];
  listers: { id: string; browser: Browser }[];
};

/** The test's own data: a product with ample stock, a deal of 40 free units (1 each: it sells out), signed-in shoppers. */
export async function createChaosWorld(db: Kysely<Database>, shoppers: number): Promise<ChaosWorld> {
  const now = Date.now();
  const product = await createProduct(db, { offers: [{ stock: PRODUCT_STOCK, maxOrderQuantity: 10 }] });
  const deal = await createDeal(db, { deal: { totalUnits: DEAL_UNITS, claimedUnits: 0, maxPerCustomer: 1 } });
  const listProducts = await Promise.all([1, 2, 3].map(() => createProduct(db)));
  const signedIn = async () => {
    const customer = await createCustomer(db, demoAccountShape('shopper'), { now });
    const browser = await signedInBrowser(db, SECRET, customer.id, now);
    return { id: customer.id, browser };
  };
  const buyers = [];
  const listers = [];
  for (let i = 0; i < shoppers; i++) {
    buyers.push(await signedIn());
    listers.push(await signedIn());
  }
  return {
    product: { asin: product.asin, offerListingId: product.offers[0]?.offerListingId ?? '' },
    deal: {
      asin: deal.asin,
      dealId: deal.deal.dealId ?? `LD-${deal.asin}`,
      offerListingId: deal.deal.offerListingId ?? `OL-${deal.asin}-LD`,
    },
    listAsins: listProducts.map((p) => p.asin),
    buyers,
    listers,
  };
}

/**
 * The server as `npm run build` bundles it (vite build --ssr), into a folder of its own under
 * node_modules/.cache so it finds the dependencies: started in about a tenth of the time the sources
 * take under tsx, which is what lets a test restart it a hundred times.
 */
export function buildServerBundle(): string {
  const parent = join('node_modules', '.cache');
  mkdirSync(parent, { recursive: true });
  const outDir = mkdtempSync(join(parent, 'chaos-server-'));
  execFileSync('npx', ['vite', 'build', '--ssr', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return join(outDir, 'server.js');
}

type Server = { child: ChildProcess; base: string; startMs: number };

async function startServer(serverJs: string, databaseUrl: string): Promise<Server> {
  const started = performance.now();
  const child = spawn(process.execPath, [serverJs], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      PORT: '0',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { base } = await listeningAt(child, 60_000, 20_000);
  return { child, base, startMs: performance.now() - started };
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** A request's fate: answered (with its status) or lost with the process (outcome unknown). */
type Sent = { status: number | 'lost' };

/** Everything the shoppers sent and what they were told, over every run of the server. */
export type ChaosLedger = {
  carts: { browser: Browser; sent: number; acked: number }[];
  claims: { browser: Browser; state: string | null; sent: Sent }[];
  orders: { buyer: string; quantity: number; orderId: string | null; sent: Sent }[];
  lists: Map<string, { sent: number; acked: number }>;
  statuses: Map<string, number>;
  serverErrors: string[];
};

async function post(
  base: string,
  path: string,
  browser: Browser,
  body: string,
  headers: Record<string, string>,
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrf, ...headers },
    body,
  });
}

/** One shopper's loop of writes of every kind, each waiting for the last, until the server is gone. */
async function shop(
  base: string,
  world: ChaosWorld,
  ledger: ChaosLedger,
  index: number,
  running: () => boolean,
  answered: () => void,
) {
  const note = (kind: string, status: number) => {
    answered();
    const key = `${kind} ${status}`;
    ledger.statuses.set(key, (ledger.statuses.get(key) ?? 0) + 1);
    if (status >= 500) ledger.serverErrors.push(key);
  };
  const buyer = world.buyers[index % world.buyers.length];
  const lister = world.listers[index % world.listers.length];
  if (!buyer || !lister) throw new Error('no shoppers in the chaos world');
  for (let step = index; running(); step++) {
    const kind = step % 4;
    try {
      if (kind === 0) {
        let cart = ledger.carts.at(-1);
        if (!cart || cart.sent >= ADDS_PER_CART) {
          cart = { browser: anonymous(), sent: 0, acked: 0 };
          ledger.carts.push(cart);
        }
        const entry = cart;
        entry.sent++;
        const response = await post(
          base,
          `/api/marketplaces/${MARKETPLACE}/cart/carts/retail/items`,
          entry.browser,
          JSON.stringify({ items: [{ ...world.product, quantity: 1 }] }),
          {
            'content-type': 'application/vnd.com.amazon.api+json; type="cart.add-items.request/v1"',
            accept: 'application/vnd.com.amazon.api+json; type="cart.add-items/v1"',
            'x-encrypted-slate-token': entry.browser.slate(),
          },
        );
        await response.arrayBuffer();
        note('cart add', response.status);
        if (response.ok) entry.acked++;
      } else if (kind === 1) {
        const claim: ChaosLedger['claims'][number] = {
          browser: anonymous(),
          state: null,
          sent: { status: 'lost' },
        };
        ledger.claims.push(claim);
        const response = await post(
          base,
          `/api/marketplaces/${MARKETPLACE}/deals/${world.deal.dealId}/claim-and-add-to-cart?ref=dp_ld_claim`,
          claim.browser,
          JSON.stringify({ asin: world.deal.asin, quantity: 1 }),
          { 'content-type': 'application/json' },
        );
        const body = (await response.json()) as { entity?: { customerState?: string } };
        claim.sent = { status: response.status };
        note('deal claim', response.status);
        if (response.ok) claim.state = body.entity?.customerState ?? null;
      } else if (kind === 2) {
        const quantity = 1 + (step % 3);
        const order: ChaosLedger['orders'][number] = {
          buyer: buyer.id,
          quantity,
          orderId: null,
          sent: { status: 'lost' },
        };
        ledger.orders.push(order);
        const form = new URLSearchParams({
          csrfToken: buyer.browser.csrf,
          idempotencyKey: randomUUID(),
          source: 'buy-now',
          asin: world.product.asin,
          offerListingId: world.product.offerListingId,
          quantity: String(quantity),
          fullName: 'Pat Doe',
          line1: '410 Terry Ave N',
          city: 'Seattle',
          state: 'WA',
          postalCode: '98109',
        });
        const response = await post(
          base,
          '/gp/buy/spc/handlers/place-order.html',
          buyer.browser,
          form.toString(),
          {
            'content-type': 'application/x-www-form-urlencoded',
          },
        );
        await response.arrayBuffer();
        order.sent = { status: response.status };
        note('order', response.status);
        const location = response.headers.get('location') ?? '';
        // The order form answers 303 to the confirmation page: that is its acknowledgement.
        if (response.status === 303 && !response.headers.get('x-order-refused')) {
          order.orderId = new URL(location, base).searchParams.get('orderId');
        }
      } else {
        const asin = world.listAsins[step % world.listAsins.length] ?? '';
        const key = `${lister.id} ${asin}`;
        const entry = ledger.lists.get(key) ?? { sent: 0, acked: 0 };
        ledger.lists.set(key, entry);
        entry.sent++;
        const response = await post(
          base,
          '/hz/wishlist/additemtolist',
          lister.browser,
          JSON.stringify({ asin, isAjax: true, quantity: 1 }),
          { 'content-type': 'application/json' },
        );
        const body = (await response.json()) as { quantity?: number };
        note('list add', response.status);
        if (response.ok) entry.acked = Math.max(entry.acked, body.quantity ?? 0);
      }
    } catch {
      // The process died under the request: its outcome is unknown, and the ledger says so.
    }
  }
}

export type ChaosRun = {
  kills: number;
  startMs: number[];
  wallMs: number;
};

/**
 * `kills` times: start the server on the database, let `shoppers` shoppers write until a random
 * `minMs`–`maxMs` after its first answer, SIGKILL it, wait for it to be gone.
 */
export async function runChaos(options: {
  serverJs: string;
  databaseUrl: string;
  world: ChaosWorld;
  ledger: ChaosLedger;
  kills: number;
  shoppers: number;
  minMs: number;
  maxMs: number;
  onKill?: (kill: number) => void | Promise<void>;
}): Promise<ChaosRun> {
  const started = performance.now();
  const startMs: number[] = [];
  for (let kill_ = 1; kill_ <= options.kills; kill_++) {
    const server = await startServer(options.serverJs, options.databaseUrl);
    startMs.push(server.startMs);
    let alive = true;
    // The kill comes a random while after the first answer: however slowly a busy machine starts the
    // process and warms it up, every run is killed with writes under way.
    let firstAnswer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      firstAnswer = resolve;
    });
    const shoppers = Array.from({ length: options.shoppers }, (_, i) =>
      shop(server.base, options.world, options.ledger, i, () => alive, firstAnswer),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([answered, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
    clearTimeout(timer);
    await new Promise((r) => setTimeout(r, options.minMs + Math.random() * (options.maxMs - options.minMs)));
    await kill(server.child);
    alive = false;
    await Promise.all(shoppers);
    await options.onKill?.(kill_);
  }
  return { kills: options.kills, startMs, wallMs: performance.now() - started };
}

export function emptyLedger(): ChaosLedger {
  return { carts: [], claims: [], orders: [], lists: new Map(), statuses: new Map(), serverErrors: [] };
}

/**
 * What the database says after the last kill, against what the shoppers were told: a list of
 * problems (empty when every acknowledged write is there and every ledger balances) and the counts.
 */
export async function checkChaos(db: Kysely<Database>, world: ChaosWorld, ledger: ChaosLedger) {
  const problems: string[] = [];
  const lineQuantity = async (ownerType: 'session' | 'customer', ownerId: string, offerId: string) => {
    const row = await db
      .selectFrom('cart_items')
      .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
      .select((eb) => eb.fn.sum<number>('cart_items.quantity').as('units'))
      .where('carts.owner_type', '=', ownerType)
      .where('carts.owner_id', '=', ownerId)
      .where('cart_items.offer_id', '=', offerId)
      .executeTakeFirst();
    return Number(row?.units ?? 0);
  };

  // Cart adds: each shopper's line holds every acknowledged add, and no more than were sent.
  for (const cart of ledger.carts) {
    const units = await lineQuantity('session', cart.browser.publicId, world.product.offerListingId);
    if (units < cart.acked || units > cart.sent)
      problems.push(
        `cart ${cart.browser.publicId}: ${units} units, ${cart.acked} acknowledged of ${cart.sent} sent`,
      );
  }

  // Deal claims: each acknowledged claim is there as it was answered (a hold with its cart line, or a
  // place on the waitlist); the deal's count is what the holds and orders hold; never over its units.
  const claims = await db
    .selectFrom('deal_claims')
    .selectAll()
    .where('deal_id', '=', world.deal.dealId)
    .execute();
  const claimOf = new Map(claims.map((c) => [`${c.owner_type} ${c.owner_id}`, c]));
  for (const claim of ledger.claims) {
    if (!claim.state) continue;
    const row = claimOf.get(`session ${claim.browser.publicId}`);
    const expected = { INCART: 'HELD', PENDINGATC: 'WAITLISTED' }[claim.state] ?? claim.state;
    if (!row || row.status !== expected)
      problems.push(
        `claim of ${claim.browser.publicId} answered ${claim.state}: row ${row?.status ?? 'missing'}`,
      );
    if (expected === 'HELD') {
      const units = await lineQuantity('session', claim.browser.publicId, world.deal.offerListingId);
      if (units !== (row?.held_units ?? -1))
        problems.push(`claim of ${claim.browser.publicId}: holds ${row?.held_units}, cart line ${units}`);
    }
  }
  const deal = await db
    .selectFrom('deals')
    .select(['claimed_units', 'total_units'])
    .where('id', '=', world.deal.dealId)
    .executeTakeFirstOrThrow();
  const held = claims.filter((c) => c.status === 'HELD').reduce((s, c) => s + c.held_units, 0);
  const ordered = claims.reduce((s, c) => s + c.ordered_units, 0);
  const inCarts = (
    await db
      .selectFrom('cart_items')
      .select((eb) => eb.fn.sum<number>('quantity').as('units'))
      .where('offer_id', '=', world.deal.offerListingId)
      .executeTakeFirst()
  )?.units;
  if (deal.claimed_units > deal.total_units)
    problems.push(`deal oversold: ${deal.claimed_units} of ${deal.total_units}`);
  if (deal.claimed_units !== held + ordered)
    problems.push(`deal count ${deal.claimed_units}, holds ${held} + ordered ${ordered}`);
  if (Number(inCarts ?? 0) !== held) problems.push(`deal units in carts ${inCarts}, holds ${held}`);
  const ticketsTaken = await db
    .selectFrom('deals')
    .select('waitlist_tickets')
    .where('id', '=', world.deal.dealId)
    .executeTakeFirstOrThrow();
  const waiting = claims.filter((c) => c.status === 'WAITLISTED');
  if (waiting.some((c) => Number(c.waitlist_ticket) > Number(ticketsTaken.waitlist_tickets)))
    problems.push('a waitlist ticket above the deal’s ticket count');

  // Orders: every acknowledged one is there; every order there is whole (its line, amounts, payment,
  // address), and the offer's stock went down by exactly what the orders hold.
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where(
      'customer_id',
      'in',
      world.buyers.map((b) => b.id),
    )
    .execute();
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', orders.length ? orders.map((o) => o.id) : [''])
    .execute();
  const discounts = await db
    .selectFrom('order_discounts')
    .select(['order_id', 'amount_minor'])
    .where('order_id', 'in', orders.length ? orders.map((o) => o.id) : [''])
    .execute();
  const orderIds = new Set(orders.map((o) => o.id));
  for (const order of ledger.orders) {
    if (order.orderId && !orderIds.has(order.orderId))
      problems.push(`acknowledged order ${order.orderId} missing`);
  }
  for (const order of orders) {
    const lines = items.filter((i) => i.order_id === order.id);
    const off = discounts.filter((d) => d.order_id === order.id).reduce((s, d) => s + d.amount_minor, 0);
    const lineTotal = lines.reduce((s, l) => s + Number(l.line_total_minor), 0);
    if (lines.length !== 1 || lines[0]?.offer_id !== world.product.offerListingId)
      problems.push(`order ${order.id} has ${lines.length} lines`);
    if (lineTotal !== order.subtotal_minor)
      problems.push(`order ${order.id}: lines ${lineTotal}, subtotal ${order.subtotal_minor}`);
    if (order.total_minor !== order.subtotal_minor - off + order.shipping_minor + order.tax_minor)
      problems.push(`order ${order.id}: total ${order.total_minor} does not add up`);
    if (!order.payment_method || !order.shipping_address || order.status !== 'PLACED')
      problems.push(`order ${order.id} lacks its payment, address or status`);
  }
  if (orders.length > ledger.orders.length)
    problems.push(`${orders.length} orders from ${ledger.orders.length} order requests`);
  const stock = await db
    .selectFrom('offers')
    .select('stock')
    .where('id', '=', world.product.offerListingId)
    .executeTakeFirstOrThrow();
  const orderedUnits = items.reduce((s, i) => s + i.quantity, 0);
  if (stock.stock !== PRODUCT_STOCK - orderedUnits)
    problems.push(`stock ${stock.stock}, ${PRODUCT_STOCK} less ordered ${orderedUnits}`);

  // List adds: each list line holds at least the quantity last acknowledged, and no more than was sent.
  const listLines = await db
    .selectFrom('list_items')
    .innerJoin('lists', 'lists.id', 'list_items.list_id')
    .select(['lists.customer_id', 'list_items.asin', 'list_items.quantity'])
    .where(
      'lists.customer_id',
      'in',
      world.listers.map((l) => l.id),
    )
    .execute();
  const listQuantity = new Map<string, number>();
  for (const line of listLines) {
    const key = `${line.customer_id} ${line.asin}`;
    listQuantity.set(key, (listQuantity.get(key) ?? 0) + line.quantity);
  }
  for (const [key, entry] of ledger.lists) {
    const quantity = listQuantity.get(key) ?? 0;
    if (quantity < entry.acked || quantity > entry.sent)
      problems.push(`list line ${key}: ${quantity}, ${entry.acked} acknowledged of ${entry.sent} sent`);
  }

  problems.push(...ledger.serverErrors.map((e) => `answered ${e}`));
  return {
    problems,
    counts: {
      cartAddsAcked: ledger.carts.reduce((s, c) => s + c.acked, 0),
      cartAddsSent: ledger.carts.reduce((s, c) => s + c.sent, 0),
      claimsAcked: ledger.claims.filter((c) => c.state).length,
      claimsSent: ledger.claims.length,
      ordersAcked: ledger.orders.filter((o) => o.orderId).length,
      ordersSent: ledger.orders.length,
      ordersInDatabase: orders.length,
      listAddsAcked: [...ledger.lists.values()].reduce((s, l) => s + l.acked, 0),
      listAddsSent: [...ledger.lists.values()].reduce((s, l) => s + l.sent, 0),
      dealClaimed: deal.claimed_units,
      dealTotal: deal.total_units,
      waitlisted: waiting.length,
    },
  };
}

/** SQLite's own check of the file: 'ok', or what is wrong. */
export async function sqliteIntegrity(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const foreignKeys = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(db);
  const result = rows.map((r) => r.integrity_check).join('; ');
  return foreignKeys.rows.length ? `${result}; ${foreignKeys.rows.length} foreign key violations` : result;
}
