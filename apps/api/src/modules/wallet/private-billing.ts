import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';
import type { Events } from '../../platform/events';
import type { MinuteCharge, MinuteChargeResult, MinuteCharger } from '../../platform/live/billing';
import { wallet, type LedgerService } from '../ledger/ledger.service';
import { writeCharge } from './wallet.charges';
import type { SalesTaxService } from '../taxes/sales-tax.service';
import { privateShowMinutes } from './wallet.tables';

export interface PrivateShowChargerDeps {
  db: Db;
  events: Events;
  ledger: LedgerService;
  /** The payments module's spending pause (a dispute of the fan's is open), asked in the minute's transaction. */
  spendingPaused: (userId: string, tx: Tx) => Promise<boolean>;
  /** Each minute's sales tax at the fan's known place (no request: stated residence, else the last country seen). */
  taxes: Pick<SalesTaxService, 'quote' | 'record' | 'ledgerTax'>;
}

const isInsufficient = (err: unknown) => err instanceof HttpError && err.statusCode === 422 && err.message === MESSAGES.insufficientBalance;

/**
 * Private shows billed per started minute (wallet/README.md "Private shows"), for the streaming
 * module's billing sweep (platform/live/billing.ts). One transaction per minute, under a lock on
 * (stream, minute): a minute already charged answers 'already' and writes nothing; otherwise the
 * wallet charge (type 'stream', item = the stream) through the same ledger path as every wallet
 * charge — its conditional debit refusing a balance that does not cover the minute — and the
 * minute's row (primary key (stream, minute): exactly once, whichever node gets there first).
 * 'insufficient' leaves nothing behind; so does 'paused' — a fan whose spending is paused (a dispute
 * of theirs is open: payments README "Disputes") is not charged the minute. No domain event per minute: the creator's statement lists
 * the minutes, nobody is notified of each.
 */
export class PrivateShowCharger implements MinuteCharger {
  constructor(private deps: PrivateShowChargerDeps) {}

  async chargeMinute(c: MinuteCharge): Promise<MinuteChargeResult> {
    try {
      return await this.deps.db.transaction(async (tx) => {
        // Parallel sweeps of the same minute queue here; the second then sees the first's row.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`private-minute:${c.streamId}:${c.minute}`}))`);
        const [done] = await tx
          .select({ minute: privateShowMinutes.minute })
          .from(privateShowMinutes)
          .where(and(eq(privateShowMinutes.streamId, c.streamId), eq(privateShowMinutes.minute, c.minute)))
          .limit(1);
        if (!done) {
          if (await this.deps.spendingPaused(c.userId, tx)) throw new SpendingPaused();
          const charge = await writeCharge(this.deps, tx, c.userId, {
            type: 'stream', channel: 'private_show', performerId: c.performerId, itemId: c.streamId, amount: c.amount, originalAmount: c.amount, couponId: null, description: c.description, event: false, background: true,
          });
          const [row] = await tx.insert(privateShowMinutes).values({ streamId: c.streamId, minute: c.minute, userId: c.userId, chargeId: charge.id }).onConflictDoNothing().returning();
          // Unreachable under the lock; if it ever happens, roll the charge back.
          if (!row) throw new MinuteTaken();
        }
        return { status: done ? 'already' : 'charged', balance: await this.deps.ledger.balance(tx, wallet(c.userId)) } as const;
      });
    } catch (err) {
      if (err instanceof SpendingPaused) return { status: 'paused', balance: await this.balance(c.userId) };
      if (err instanceof MinuteTaken) return { status: 'already', balance: await this.balance(c.userId) };
      if (isInsufficient(err)) return { status: 'insufficient', balance: await this.balance(c.userId) };
      throw err;
    }
  }

  async balance(userId: string): Promise<number> {
    return this.deps.ledger.balance(this.deps.db, wallet(userId));
  }
}

class MinuteTaken extends Error {}
class SpendingPaused extends Error {}
