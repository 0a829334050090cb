import type { Kysely } from 'kysely';
import { clickThroughRate } from '../../../domain/sponsored/sponsored';
import { adTotals, findAdIds, recordAdEvents } from '../../db/repositories/sponsored-ad-repository';
import type { Database } from '../../db/schema';

type ViewData = { qualifier: string; id: string; widgetName: string; adId: string; adIndex: number };

/** The key an event is stored under: one view and one click per ad and page view. */
const eventKey = (type: 'view' | 'click', qualifier: string, adId: string) => `${type}:${qualifier}:${adId}`;

/**
 * Stores a batch of ad views (ADS-004) in one transaction, each once per ad and page view: a batch
 * sent again (a retry, a beacon after a fetch) counts nothing twice. A batch naming an ad the
 * inventory does not have is refused whole.
 */
export async function recordAdViews(
  db: Kysely<Database>,
  events: readonly ViewData[],
  now: number,
): Promise<{ ok: true; accepted: number; counted: number } | { ok: false; adId: string }> {
  return db.transaction().execute(async (trx) => {
    const known = await findAdIds(
      trx,
      events.map((e) => e.adId),
    );
    const unknown = events.find((e) => !known.has(e.adId));
    if (unknown) return { ok: false as const, adId: unknown.adId };
    const counted = await recordAdEvents(
      trx,
      events.map((e) => ({
        key: eventKey('view', e.qualifier, e.adId),
        adId: e.adId,
        eventType: 'view' as const,
        pageViewId: e.qualifier,
        widgetName: e.widgetName,
        adIndex: e.adIndex,
      })),
      now,
    );
    return { ok: true as const, accepted: events.length, counted };
  });
}

/** Stores a click on an ad (ADS-005), once per ad and page view. */
export async function recordAdClick(
  db: Kysely<Database>,
  click: { adId: string; qualifier: string; widgetName: string; adIndex: number },
  now: number,
): Promise<{ ok: true; counted: boolean } | { ok: false }> {
  const known = await findAdIds(db, [click.adId]);
  if (!known.has(click.adId)) return { ok: false };
  const counted = await recordAdEvents(
    db,
    [
      {
        key: eventKey('click', click.qualifier, click.adId),
        adId: click.adId,
        eventType: 'click',
        pageViewId: click.qualifier,
        widgetName: click.widgetName,
        adIndex: click.adIndex,
      },
    ],
    now,
  );
  return { ok: true, counted: counted === 1 };
}

export type AdReportRow = {
  adId: string;
  asin: string;
  advertiser: string;
  impressions: number;
  clicks: number;
  /** Click-through rate in percent. */
  ctr: number;
};

/** Impressions, clicks and click-through rate per ad of the inventory (`npm run report:ads`). */
export async function adsReport(db: Kysely<Database>): Promise<AdReportRow[]> {
  return (await adTotals(db)).map((row) => ({ ...row, ctr: clickThroughRate(row.impressions, row.clicks) }));
}

/** The report as a plain-text table. */
export function formatAdsReport(rows: readonly AdReportRow[]): string {
  const header = ['ad', 'asin', 'advertiser', 'impressions', 'clicks', 'CTR'];
  const body = rows.map((r) => [
    r.adId,
    r.asin,
    r.advertiser,
    String(r.impressions),
    String(r.clicks),
    `${r.ctr.toFixed(2)}%`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const numeric = new Set([3, 4, 5]);
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const total = rows.reduce((sum, r) => ({ i: sum.i + r.impressions, c: sum.c + r.clicks }), { i: 0, c: 0 });
  return [
    line(header),
    ...body.map(line),
    '',
    `${rows.length} ads, ${total.i} impressions, ${total.c} clicks, CTR ${clickThroughRate(total.i, total.c).toFixed(2)}%`,
  ].join('\n');
}
