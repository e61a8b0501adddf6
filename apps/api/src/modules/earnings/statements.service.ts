import { Readable } from 'node:stream';
import { statementBounds, statementKindLabel, type StatementFormat } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { recordOperatorRead, type OperatorRead } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { csvLine, csvMoney, csvSafe } from '../../platform/csv';
import { fieldError, notFound } from '../../platform/errors';
import type { LedgerStatements } from '../ledger/ledger.statement';
import { CURRENCY } from '../payments/payments.service';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import { buildStatement, lineLabel, movementKind, type BuiltStatement } from './statement';
import { statementPdf } from './statement-pdf';

/** What StatementsService is built with (by the composition root, root.ts). */
export interface StatementsDeps {
  clock: Clock;
  db: Db;
  /** The ledger's read side of a creator's earnings account (ledger.statement.ts). */
  ledger: Pick<LedgerStatements, 'summary' | 'movements'>;
  settings: Pick<SettingsService, 'all'>;
  users: Pick<UsersService, 'byId' | 'card'>;
}

/** The CSV's columns: summary rows first, then every movement with the running balance. */
const CSV_COLUMNS = ['section', 'date', 'kind', 'type', 'reference', 'description', 'count', 'gross', 'commission', 'net', 'balance'] as const;
type CsvRow = Record<(typeof CSV_COLUMNS)[number], string>;

export interface StatementFile { body: Readable; contentType: string; fileName: string }

/**
 * A creator's earnings statement for a year or a month (README "Statements"): summed in SQL by
 * the ledger (two indexed queries), built by `buildStatement` (statement.ts), answered as JSON, a
 * PDF (statement-pdf.ts) or a streamed CSV. The operator's copy is an audited read.
 */
export class StatementsService {
  constructor(private deps: StatementsDeps) {}

  /** The period's bounds; a period not started yet (on the injected clock), or before 2000 → 400 on `period`. */
  bounds(period: string) {
    const b = statementBounds(period);
    if (b.from.getTime() > this.deps.clock.now().getTime()) throw fieldError('period', 'This period has not started yet');
    if (b.from.getUTCFullYear() < 2000) throw fieldError('period', 'Choose a year from 2000 on');
    return b;
  }

  private async creator(performerId: string) {
    const u = await this.deps.users.byId(performerId).catch(() => null);
    if (!u?.isPerformer) throw notFound('Creator not found');
    return u;
  }

  /** GET /earnings/statements?period=: the statement with its figures in minor units too. */
  async build(performerId: string, period: string): Promise<BuiltStatement> {
    const b = this.bounds(period);
    const u = await this.creator(performerId);
    const { opening, groups } = await this.deps.ledger.summary(performerId, b.from, b.to);
    return buildStatement(
      { period, kind: b.kind, from: b.from, to: b.to, currency: CURRENCY, creator: { _id: u.id, name: u.name || u.username || 'Creator', username: u.username ?? null } },
      opening,
      groups,
    );
  }

  /** The statement as a file. */
  async file(performerId: string, period: string, format: StatementFormat): Promise<StatementFile> {
    const built = await this.build(performerId, period);
    const who = built.statement.creator.username ?? built.statement.creator._id;
    const fileName = `statement-${who}-${period}.${format}`;
    if (format === 'pdf') {
      const { siteName } = await this.deps.settings.all();
      return { body: statementPdf({ ...built, siteName, generatedAt: this.deps.clock.now(), typeLabel: (t) => t }), contentType: 'application/pdf', fileName };
    }
    return { body: this.csv(performerId, built), contentType: 'text/csv; charset=utf-8', fileName };
  }

  /** GET /admin/performers/{id}/statements/{period}.{format}: recorded (`statement.read`, the reason given) before anything is read. */
  async adminFile(op: OperatorRead, performerId: string, period: string, format: StatementFormat): Promise<StatementFile> {
    this.bounds(period);
    await this.creator(performerId);
    if (op.actor.actorId !== performerId) {
      await recordOperatorRead(this.deps.db, op, { action: 'statement.read', targetType: 'earnings statement', targetId: performerId, subjectIds: [performerId] });
    }
    return this.file(performerId, period, format);
  }

  /**
   * The CSV: a header, the summary (opening balance, a row per line, the totals, closing balance),
   * then every movement oldest first with the balance after it — one text chunk per slice of the
   * ledger's movements, each read only when the response wants more, so memory stays flat for any
   * number of movements. Money exact from minor units; cells that would start a formula get a
   * leading `'`; lines written by `csvLine` (RFC 4180, as csv-stringify writes them).
   */
  private csv(performerId: string, built: BuiltStatement): Readable {
    const { statement: s, minor: t, lines } = built;
    const ledger = this.deps.ledger;
    const from = new Date(s.from);
    const to = new Date(s.to);
    const row = (r: Partial<CsvRow>) => csvLine(CSV_COLUMNS.map((c) => r[c] ?? ''));
    return Readable.from(
      (async function* () {
        const sum = (kind: string, label: string, amount: number, extra: Partial<CsvRow> = {}) => row({ section: 'summary', kind, description: label, net: csvMoney(amount), ...extra });
        let head = csvLine(CSV_COLUMNS);
        head += sum('opening', 'Opening balance', t.opening, { date: s.from, balance: csvMoney(t.opening) });
        for (const l of lines) {
          head += row({ section: 'summary', kind: l.kind, type: l.type ?? '', description: lineLabel(l), count: String(l.count), gross: csvMoney(l.gross), commission: csvMoney(l.commission), net: csvMoney(l.net) });
        }
        head += sum('sales_total', 'Sales (total)', t.net, { gross: csvMoney(t.gross), commission: csvMoney(t.commission) });
        head += sum('refunds_and_disputes_total', 'Refunds and disputes (total)', t.refundsAndDisputes);
        head += sum('tax_withheld_total', 'Tax withheld (total)', -t.taxWithheld);
        head += sum('payouts_total', `${statementKindLabel('payout')} paid (total)`, -t.payouts);
        if (t.other) head += sum('other_total', 'Other movements (total)', t.other);
        head += sum('closing', 'Closing balance', t.closing, { date: s.to, balance: csvMoney(t.closing) });
        yield head;
        let balance = t.opening;
        for await (const slice of ledger.movements(performerId, from, to)) {
          let chunk = '';
          for (const m of slice) {
            balance += m.amount;
            chunk += csvLine([
              'movement', m.at, movementKind(m), m.itemType ?? '', m.reference, csvSafe(m.description), '',
              m.gross === null ? '' : csvMoney(m.gross), m.commission === null ? '' : csvMoney(m.commission), csvMoney(m.amount), csvMoney(balance),
            ]);
          }
          yield chunk;
        }
      })(),
      { objectMode: false },
    );
  }
}
