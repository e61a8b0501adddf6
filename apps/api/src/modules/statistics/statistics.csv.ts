import type { StatisticsContentQuery, StatisticsQuery } from '@stagepass/shared';
import { csvLine, csvMoney, csvSafe } from '../../platform/csv';
import type { Scope, StatisticsService } from './statistics.service';

/**
 * The statistics' CSV downloads (README "CSV"): read from the same rollups as the screens, money
 * exact from minor units, cells that would start a formula (titles) with a leading `'`.
 */
export async function earningsCsv(svc: StatisticsService, scope: Scope, q: StatisticsQuery): Promise<string> {
  const p = svc.period(q);
  const rows = await svc.moneyRows(scope, p);
  return csvLine(['date', 'channel', 'source', 'gross', 'net', 'tax', 'sales', 'reversals'])
    + rows.map((r) => csvLine([r.day, r.channel, r.source, csvMoney(r.gross), csvMoney(r.net), csvMoney(r.tax), String(r.sales), String(r.reversals)])).join('');
}

export async function audienceCsv(svc: StatisticsService, scope: Scope, q: StatisticsQuery): Promise<string> {
  const a = await svc.audience(scope, q);
  return csvLine(['date', 'followers', 'subscribers', 'new', 'churned']) + a.series.map((r) => csvLine([r.date, String(r.followers), String(r.subscribers), String(r.new), String(r.churned)])).join('');
}

export async function contentCsv(svc: StatisticsService, scope: Scope, q: StatisticsContentQuery): Promise<string> {
  const p = svc.period(q);
  const rows = await svc.contentRows(scope, { ...q, offset: 0 }, p, null);
  const titles = await svc.titles(rows);
  return csvLine(['kind', 'item', 'title', 'views', 'likes', 'comments', 'unlocks', 'revenue', 'conversion %'])
    + rows.map((r) => csvLine([
      r.kind, r.itemId, csvSafe(titles.get(`${r.kind}:${r.itemId}`) ?? '(deleted)'), String(r.views), String(r.likes), String(r.comments), String(r.unlocks), csvMoney(r.revenue),
      r.views ? ((r.unlocks / r.views) * 100).toFixed(1) : '',
    ])).join('');
}
