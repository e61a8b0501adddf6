import { earningKindOf } from '@stagepass/shared';
import type { Tx } from '../../db/client';
import type { Events } from '../../platform/events';
import { earnings, type EarningRow } from '../earnings/earnings.tables';

/** An earnings row as the ledger writes it (id and time are the database's). */
export type NewEarning = Omit<typeof earnings.$inferInsert, 'id' | 'createdAt'>;

/**
 * THE one insert of an earnings row (a sale, its refund or dispute, a referral share): the row and
 * its `earning.recorded` event in the caller's transaction, so the rollups that count creators'
 * money (statistics, the fan list) see every row exactly once and never scan the ledger.
 */
export async function insertEarning(tx: Tx, events: Pick<Events, 'record'>, values: NewEarning): Promise<EarningRow> {
  const [row] = await tx.insert(earnings).values(values).returning();
  await events.record(tx, 'earning.recorded', {
    earningId: row!.id, performerId: row!.performerId, userId: row!.userId, type: row!.type, channel: row!.channel, kind: earningKindOf(row!.source),
    gross: row!.gross, net: row!.net, tax: row!.tax, reversesId: row!.reversesId, at: row!.createdAt.toISOString(),
  });
  return row!;
}
