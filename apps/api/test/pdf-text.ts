import zlib from 'node:zlib';

/**
 * The text of a PDF as pdfkit writes it (tests only): each content stream inflated, then the
 * strings of its TJ/Tj operators — hex `<…>` (pdfkit's standard fonts, Windows-1252 codes) or
 * literal `(…)` — joined per operator, one line per operator. Enough to find what a statement says.
 */
const CP1252: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—' };
const decode = (b: Buffer) => [...b].map((c) => CP1252[c] ?? String.fromCharCode(c)).join('');

export function pdfText(pdf: Buffer): string[] {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)|[-\d.\s])*)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g)) {
      const body = op[1] ?? op[2] ?? '';
      let text = '';
      for (const s of body.matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
        text += s[1] !== undefined ? decode(Buffer.from(s[1], 'hex')) : s[2]!.replace(/\\(.)/g, '$1');
      }
      out.push(text);
    }
    re.lastIndex = end;
  }
  return out;
}
