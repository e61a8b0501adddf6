import type { EarningChannel, WalletChargeKind } from '@stagepass/shared';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../db/client';
import type { Events } from '../../platform/events';
import { wallet } from '../ledger/ledger.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { SalesTaxService } from '../taxes/sales-tax.service';
import { walletCharges, type WalletChargeRow } from './wallet.tables';

/** One wallet charge as the wallet writes it (minor units). */
export interface ChargeInput {
  id?: string;
  type: WalletChargeKind;
  /** The sale's channel when it is not the type's own (a private show's minute, a tip-menu order): shared `EARNING_CHANNELS`. */
  channel?: EarningChannel;
  performerId: string;
  itemId: string | null;
  amount: number;
  originalAmount: number;
  couponId: string | null;
  /** The line on both statements (ledger, earnings, the fan's charges). */
  description: string;
  /** Tips: the fan's own words, for the creator's notification (default: the description). */
  message?: string;
  /** False: no domain event (a private show's minutes: one line a minute, not a notification each). */
  event?: boolean;
  /** The paying request's GeoIP country (the fan's tax place when they stated none); null without a request. */
  requestCountry?: string | null;
  /** A charge made without the fan's request (a private show's minutes): never refused for an unknown region (taxes README). */
  background?: boolean;
}

/**
 * THE money side of every wallet charge (tips, purchases, a private show's minutes), inside the
 * caller's transaction: the sale's sales tax (taxes module: the fan's place now, its rule — added
 * on top of the price or carved out of it; `sale_taxes` row), the ledger movement wallet →
 * creator earnings + site commission (on the price net of tax) + site taxes (the wallet debit is
 * conditional: a balance that does not cover price and tax → 422 and the caller's transaction
 * rolls back), the earnings row, the `wallet_charges` row (`amount`: the price) and its domain
 * event (`tip.sent` / `item.purchased`).
 */
export async function writeCharge(deps: { ledger: LedgerService; events: Events; taxes: Pick<SalesTaxService, 'quote' | 'record' | 'ledgerTax'> }, tx: Tx, userId: string, c: ChargeInput): Promise<WalletChargeRow> {
  const id = c.id ?? uuidv7();
  const source = `wallet_charge:${id}`;
  const tax = await deps.taxes.quote(tx, { userId, kind: c.type, price: c.amount, requestCountry: c.requestCountry ?? null, background: c.background, source });
  await deps.taxes.record(tx, source, userId, tax);
  const sale = await deps.ledger.recordSale(tx, { performerId: c.performerId, userId, type: c.type, channel: c.channel, source, gross: tax.net, tax: deps.taxes.ledgerTax(tax), description: c.description, from: wallet(userId), ledgerType: c.type === 'tip' ? 'tip' : 'purchase' });
  const [row] = await tx.insert(walletCharges).values({ id, userId, performerId: c.performerId, type: c.type, itemId: c.itemId, amount: c.amount, originalAmount: c.originalAmount, couponId: c.couponId, description: c.description, ledgerTransactionId: sale?.ledgerTx.id ?? null }).returning();
  if (c.event === false) return row!;
  if (c.type === 'tip') await deps.events.record(tx, 'tip.sent', { chargeId: id, userId, performerId: c.performerId, amount: c.amount, message: c.message ?? c.description });
  else await deps.events.record(tx, 'item.purchased', { chargeId: id, userId, performerId: c.performerId, itemType: c.type, itemId: c.itemId!, amount: c.amount });
  return row!;
}
