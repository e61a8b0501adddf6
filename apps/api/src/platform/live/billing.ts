/**
 * Per-minute billing of private shows, as the streaming module sees it: the streaming module's
 * sweep decides which minutes are due (it owns the streams and the presence), and asks a
 * `MinuteCharger` to charge each one. The wallet (a commerce module, which the content layer may
 * not import) implements it; the composition root hands it over (root.ts).
 */
export interface MinuteCharge {
  streamId: string;
  /** 0 for the first started minute. */
  minute: number;
  /** The fan who pays. */
  userId: string;
  performerId: string;
  /** Minor units. */
  amount: number;
  /** The line on both statements, e.g. "Private show with luna — minute 3". */
  description: string;
}

export type MinuteChargeResult =
  /** Charged now, or already charged before (exactly once per (stream, minute)); the fan's balance after it (minor units). */
  | { status: 'charged' | 'already'; balance: number }
  /** The balance does not cover the minute: nothing written. */
  | { status: 'insufficient'; balance: number }
  /** The fan's spending is paused (a dispute of theirs is open): nothing written, the show ends. */
  | { status: 'paused'; balance: number };

export interface MinuteCharger {
  /** Charges one minute in ONE transaction: the minute's row, the ledger movement, the earnings row and the wallet charge — or nothing. */
  chargeMinute(c: MinuteCharge): Promise<MinuteChargeResult>;
  /** The fan's wallet balance, minor units. */
  balance(userId: string): Promise<number>;
}
