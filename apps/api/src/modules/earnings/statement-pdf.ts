import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import { formatMoneyMinor, statementKindLabel } from '@stagepass/shared';
import { lineLabel, type BuiltStatement } from './statement';

/**
 * A statement as PDF (pdfkit: pure JavaScript, streamed, the standard Helvetica fonts): the
 * summary (opening balance, sales by what was sold, refunds and disputes, tax withheld, payouts,
 * closing balance) and, for a year, its months. One or two pages whatever the number of movements
 * (the CSV lists each movement). The standard fonts speak Windows-1252: other characters (a name
 * in another script) are written as `?` rather than as garbage.
 */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export const pdfSafe = (s: string): string =>
  [...s.normalize('NFC')].map((c) => (c >= ' ' && c <= '~') || (c >= '\u00a0' && c <= '\u00ff') || WIN_ANSI_EXTRA.includes(c) ? c : '?').join('');

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "2026" → "2026"; "2026-03" → "March 2026". */
export const periodTitle = (period: string): string => {
  const [y, m] = period.split('-');
  return m ? `${MONTHS[Number(m) - 1]} ${y}` : y!;
};

export interface StatementPdfInput extends BuiltStatement {
  siteName: string;
  generatedAt: Date;
  typeLabel: (type: string) => string;
}

const M = 50; // margin
const W = 595.28 - 2 * M; // A4 width inside the margins

export function statementPdf(input: StatementPdfInput): Readable {
  const { statement: s, minor: t } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: M,
    info: {
      Title: pdfSafe(`Earnings statement ${periodTitle(s.period)} — ${s.creator.name}`),
      Author: pdfSafe(input.siteName),
      Subject: `Earnings statement ${s.period}`,
      CreationDate: input.generatedAt,
    },
  });
  const money = (minor: number) => formatMoneyMinor(minor === 0 ? 0 : minor); // never "-$0.00"
  const day = (iso: string) => iso.slice(0, 10);
  const lastDay = new Date(new Date(s.to).getTime() - 86_400_000).toISOString();

  doc.font('Helvetica-Bold').fontSize(18).text(pdfSafe(input.siteName));
  doc.moveDown(0.2).fontSize(14).text(`Earnings statement — ${periodTitle(s.period)}`);
  doc.font('Helvetica').fontSize(10).fillColor('#333333');
  doc.moveDown(0.5).text(pdfSafe(`Creator: ${s.creator.name}${s.creator.username ? ` (@${s.creator.username})` : ''}`));
  doc.text(`Period: ${day(s.from)} to ${day(lastDay)} (UTC)`);
  doc.text(`Issued: ${input.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · amounts in ${s.currency.toUpperCase()}`);
  doc.fillColor('#000000').moveDown(1);

  // ── Summary: label | count | gross | commission | net
  const cols = [0, 250, 300, 370, 440].map((x) => M + x);
  const widths = [245, 45, 65, 65, W - 440];
  const row = (cells: string[], opts: { bold?: boolean; rule?: boolean } = {}) => {
    if (doc.y > 770) doc.addPage();
    const y = doc.y;
    doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    cells.forEach((c, i) => doc.text(pdfSafe(c), cols[i]!, y, { width: widths[i]!, align: i === 0 ? 'left' : 'right', lineBreak: false }));
    doc.x = M;
    doc.y = y + 16;
    if (opts.rule) doc.moveTo(M, doc.y - 3).lineTo(M + W, doc.y - 3).lineWidth(0.5).strokeColor('#999999').stroke();
  };
  row(['', 'Count', 'Gross', 'Commission', 'Net'], { bold: true, rule: true });
  row(['Opening balance', '', '', '', money(t.opening)], { bold: true });
  for (const l of input.lines.filter((x) => x.kind === 'sale')) row([lineLabel(l, input.typeLabel), String(l.count), money(l.gross), money(l.commission), money(l.net)]);
  row(['Sales', '', money(t.gross), money(t.commission), money(t.net)], { bold: true, rule: true });
  const adjustments = input.lines.filter((x) => x.kind !== 'sale' && x.kind !== 'payout' && x.kind !== 'tax');
  for (const l of adjustments) row([lineLabel(l, input.typeLabel), String(l.count), l.gross ? money(l.gross) : '', l.commission ? money(l.commission) : '', money(l.net)]);
  row(['Refunds and disputes', '', '', '', money(t.refundsAndDisputes)], { bold: true });
  row(['Tax withheld', '', '', '', money(-t.taxWithheld)], { bold: true });
  const payouts = input.lines.find((x) => x.kind === 'payout');
  row([`${statementKindLabel('payout')} paid`, payouts ? String(payouts.count) : '0', '', '', money(-t.payouts)], { bold: true });
  if (t.other) row(['Other movements', '', '', '', money(t.other)], { bold: true });
  row(['Closing balance', '', '', '', money(t.closing)], { bold: true, rule: true });
  doc.moveDown(0.5).font('Helvetica').fontSize(9).fillColor('#555555')
    .text(pdfSafe(`Opening balance + sales (net) + refunds and disputes - tax withheld - payouts${t.other ? ' + other movements' : ''} = closing balance. ${t.movements.toLocaleString('en-US')} movements; the CSV statement lists each one.`), M, doc.y, { width: W });
  doc.fillColor('#000000');

  if (input.months.length) {
    doc.moveDown(1.5).font('Helvetica-Bold').fontSize(12).text('By month', M);
    doc.moveDown(0.4);
    const mcols = [0, 110, 190, 270, 350, 430].map((x) => M + x);
    const mw = [105, 75, 75, 75, 75, W - 430];
    const mrow = (cells: string[], bold = false) => {
      if (doc.y > 770) doc.addPage();
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
      cells.forEach((c, i) => doc.text(c, mcols[i]!, y, { width: mw[i]!, align: i === 0 ? 'left' : 'right', lineBreak: false }));
      doc.x = M;
      doc.y = y + 16;
    };
    mrow(['Month', 'Gross', 'Commission', 'Net', 'Refunds etc.', 'Payouts'], true);
    for (const m of input.months) mrow([periodTitle(m.month), money(m.gross), money(m.commission), money(m.net), money(m.refundsAndDisputes), money(m.payouts)]);
  }
  doc.end();
  return doc as unknown as Readable;
}
