import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fromMinor } from '@stagepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Realtime } from '../../platform/realtime';
import type { MinuteCharger } from '../../platform/live/billing';
import { users } from '../users/users.tables';
import { privateShowMinutes } from '../wallet/wallet.tables';
import { billableMsAt } from './streaming.clock';
import { streamViewers, streams } from './streaming.tables';
import type { StreamsService } from './streams.service';

const MINUTE_MS = 60_000;

/**
 * Per-minute billing of private shows (README.md beside this file, "Billing"). Minutes are counted
 * on the stream's billable clock (streaming.clock.ts), which runs only while the creator's camera
 * is on AND the fan is in: it starts when both are first true, and stands still while the
 * creator's connection is down (no minute is charged for a frozen picture). At `now` the minutes
 * due are floor(clock / 60 s) + 1 (every STARTED minute); each due minute not
 * charged yet (after the stream's last row in private_show_minutes) is charged through the
 * MinuteCharger, which charges a (stream, minute) exactly once whoever asks and however often
 * (its primary key) — so overlapping sweeps, on one node or many, cannot double-charge. A minute
 * the balance does not cover ends the show ('balance'); after a charge that leaves less than one
 * more minute, fan and creator are warned ('stream/balance-low'). A fan whose presence closed
 * (leave, missed heartbeats) ends the show ('fan_left'), which stops billing. A fan whose spending is
 * paused (a card payment of theirs is disputed: payments README "Disputes") is not charged the next
 * minute and the show ends ('spending_paused') at that tick.
 */
export class PrivateShowBilling {
  constructor(private deps: { db: Db; charger: MinuteCharger | null; streams: Pick<StreamsService, 'endStream'>; realtime: Pick<Realtime, 'toUser'>; log: FastifyBaseLogger }) {}

  /** Bills every live private show as of `now` (the sweep, every few seconds; tests call it with their clock). */
  async billPrivateShows(now: Date): Promise<void> {
    const charger = this.deps.charger;
    if (!charger) return;
    const fan = alias(users, 'fan');
    const creator = alias(users, 'creator');
    const shows = await this.deps.db
      .select({
        id: streams.id, performerId: streams.performerId, fanId: streams.privateFanId, rate: streams.price,
        creatorName: creator.username, fanName: fan.username,
        billableMs: streams.billableMs, billableSince: streams.billableSince,
        present: sql<boolean>`exists (select 1 from ${streamViewers} where ${streamViewers.streamId} = ${streams.id} and ${streamViewers.userId} = ${streams.privateFanId} and ${streamViewers.leftAt} is null)`,
        lastMinute: sql<number | null>`(select max(${privateShowMinutes.minute}) from ${privateShowMinutes} where ${privateShowMinutes.streamId} = ${streams.id})`,
      })
      .from(streams)
      .innerJoin(creator, eq(creator.id, streams.performerId))
      .leftJoin(fan, eq(fan.id, streams.privateFanId))
      .where(and(eq(streams.type, 'private'), eq(streams.status, 'live')));
    for (const s of shows) {
      try {
        await this.bill(charger, s, now);
      } catch (err) {
        this.deps.log.warn({ err, streamId: s.id }, 'private show billing failed: retried at the next sweep');
      }
    }
  }

  private async bill(
    charger: MinuteCharger,
    s: { id: string; performerId: string; fanId: string | null; rate: number | null; creatorName: string | null; fanName: string | null; billableMs: number; billableSince: Date | null; present: boolean; lastMinute: number | null },
    now: Date,
  ): Promise<void> {
    if (!s.fanId) return;
    const clock = billableMsAt(s, now);
    // Neither the fan in nor the camera on yet: nothing to bill.
    if (s.billableSince === null && clock === 0) return;
    if (!s.present) {
      await this.deps.streams.endStream(s.id, 'fan_left', null);
      return;
    }
    const rate = s.rate ?? 0;
    const due = Math.floor(clock / MINUTE_MS) + 1;
    for (let minute = s.lastMinute === null ? 0 : Number(s.lastMinute) + 1; minute < due; minute++) {
      const r = await charger.chargeMinute({
        streamId: s.id, minute, userId: s.fanId, performerId: s.performerId, amount: rate,
        description: `Private show: ${s.creatorName ?? 'creator'} with ${s.fanName ?? 'fan'} — minute ${minute + 1}`,
      });
      if (r.status === 'insufficient' || r.status === 'paused') {
        await this.deps.streams.endStream(s.id, r.status === 'paused' ? 'spending_paused' : 'balance', null);
        return;
      }
      if (r.status === 'charged' && r.balance < rate) {
        const e = { streamId: s.id, balance: fromMinor(r.balance), rate: fromMinor(rate) };
        this.deps.realtime.toUser(s.fanId, 'stream/balance-low', e);
        this.deps.realtime.toUser(s.performerId, 'stream/balance-low', e);
      }
    }
  }
}
