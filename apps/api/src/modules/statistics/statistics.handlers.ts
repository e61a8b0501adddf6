import { STATISTICS_CONTENT_KINDS } from '@stagepass/shared';
import type { DbOrTx } from '../../db/client';
import type { Events } from '../../platform/events';
import { bumpAudience, bumpContent, bumpHour, bumpMoney, markFanMonth, utcDayOf, utcMonthOf } from './statistics.rollups';
import { statsEarningsCounted } from './statistics.tables';

/** Where a fan came from (filled by root.ts from the tracking module's service). */
export interface FanSources {
  attributedAt(db: DbOrTx, userId: string, performerId: string, at: Date): Promise<boolean>;
  /** Whether the subscription's current run claimed a promotion (a campaign or a free-trial link: the promotions service). */
  promoted(db: DbOrTx, subscriptionId: string): Promise<boolean>;
}

const isContentKind = (k: string): boolean => (STATISTICS_CONTENT_KINDS as readonly string[]).includes(k);

/**
 * The statistics rollups' reactions to domain events (README "Rollups"). Each runs once per event
 * in its own transaction (`events.on`: the platform's marker row); an earnings row is also claimed
 * in `stats_earnings_counted`, so the migration's backfill and a handler never both count it.
 */
export function registerStatisticsHandlers({ events, sources }: { events: Events; sources: FanSources }): void {
  events.on('earning.recorded', 'statistics.earning', async ({ payload: e }, tx) => {
    const claimed = await tx.insert(statsEarningsCounted).values({ earningId: e.earningId }).onConflictDoNothing().returning({ id: statsEarningsCounted.earningId });
    if (!claimed.length) return;
    const at = new Date(e.at);
    const source = e.channel === 'referral' ? 'referral' : e.userId && (await sources.attributedAt(tx, e.userId, e.performerId, at)) ? 'tracking_link' : 'organic';
    const sale = e.kind === 'sale';
    await bumpMoney(tx, { performerId: e.performerId, day: utcDayOf(at), channel: e.channel, source, gross: e.gross, net: e.net, tax: e.tax, sales: sale ? 1 : 0, reversals: sale ? 0 : 1 });
  });
  events.on('follow.created', 'statistics.follow', async ({ payload: e, occurredAt }, tx) => {
    await bumpAudience(tx, { performerId: e.performerId, day: utcDayOf(occurredAt), followersGained: 1 });
  });
  events.on('follow.removed', 'statistics.unfollow', async ({ payload: e, occurredAt }, tx) => {
    await bumpAudience(tx, { performerId: e.performerId, day: utcDayOf(occurredAt), followersLost: 1 });
  });
  events.on('fan.subscribed', 'statistics.subscription', async ({ payload: e, occurredAt }, tx) => {
    // One source per new subscriber: a tracking link first (it brought them), else a promotion they claimed, else organic.
    const linked = await sources.attributedAt(tx, e.userId, e.performerId, occurredAt);
    const promoted = !linked && (await sources.promoted(tx, e.subscriptionId));
    await bumpAudience(tx, { performerId: e.performerId, day: utcDayOf(occurredAt), subscribersNew: 1, newFromLinks: linked ? 1 : 0, newFromPromotions: promoted ? 1 : 0 });
    await markFanMonth(tx, e.performerId, e.userId, utcMonthOf(occurredAt));
  });
  events.on('subscription.renewed', 'statistics.renewal', async ({ payload: e, occurredAt }, tx) => {
    await bumpAudience(tx, { performerId: e.performerId, day: utcDayOf(occurredAt), renewals: 1 });
    await markFanMonth(tx, e.performerId, e.userId, utcMonthOf(occurredAt));
  });
  events.on('subscription.expired', 'statistics.churn', async ({ payload: e, occurredAt }, tx) => {
    await bumpAudience(tx, { performerId: e.performerId, day: utcDayOf(occurredAt), subscribersChurned: 1 });
  });
  events.on('comment.created', 'statistics.comment', async ({ payload: e, occurredAt }, tx) => {
    if (!e.ownerId || !isContentKind(e.objectType)) return;
    await bumpContent(tx, { kind: e.objectType, itemId: e.objectId, day: utcDayOf(occurredAt), performerId: e.ownerId, comments: 1 });
    await bumpHour(tx, e.ownerId, occurredAt);
  });
  events.on('reaction.liked', 'statistics.like', async ({ payload: e, occurredAt }, tx) => {
    if (!e.ownerId || !isContentKind(e.objectType)) return;
    await bumpContent(tx, { kind: e.objectType, itemId: e.objectId, day: utcDayOf(occurredAt), performerId: e.ownerId, likes: 1 });
    await bumpHour(tx, e.ownerId, occurredAt);
  });
  events.on('item.purchased', 'statistics.unlock', async ({ payload: e, occurredAt }, tx) => {
    if (!isContentKind(e.itemType)) return;
    await bumpContent(tx, { kind: e.itemType, itemId: e.itemId, day: utcDayOf(occurredAt), performerId: e.performerId, unlocks: 1, revenue: e.amount });
    await bumpHour(tx, e.performerId, occurredAt);
  });
  events.on('content.viewed', 'statistics.view', async ({ payload: e, occurredAt }, tx) => {
    await bumpContent(tx, { kind: e.kind, itemId: e.itemId, day: utcDayOf(occurredAt), performerId: e.performerId, views: 1 });
  });
}
