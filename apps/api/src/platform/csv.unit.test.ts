import { describe, expect, it } from 'vitest';
import { stringify } from 'csv-stringify/sync';
import { csvLine, csvMoney, csvSafe } from './csv';

describe('csv helpers', () => {
  it('writes minor units as exact decimals with two places', () => {
    expect(csvMoney(0)).toBe('0.00');
    expect(csvMoney(5)).toBe('0.05');
    expect(csvMoney(995)).toBe('9.95');
    expect(csvMoney(-1205)).toBe('-12.05');
    expect(csvMoney(-5)).toBe('-0.05');
    expect(csvMoney(900_719_925_474_099)).toBe('9007199254740.99');
    expect(csvMoney(123_456_789_012_345_678n)).toBe('1234567890123456.78');
  });
  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvSafe('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvSafe('-5')).toBe("'-5");
    expect(csvSafe('Tip for Luna')).toBe('Tip for Luna');
  });
  it('writes a line exactly as csv-stringify does', () => {
    const rows = [['a', 'b,c', 'say "hi"', 'two\nlines', '', 'cr\r', "'=x", 'Zoë — 李']];
    for (const r of rows) expect(csvLine(r)).toBe(stringify([r]));
    expect(csvLine(['x'])).toBe('x\n');
  });
});
