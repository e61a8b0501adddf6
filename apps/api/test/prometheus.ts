/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for tests: it throws on
 * any line the format does not allow, and checks what a scraper relies on — every sample belongs to
 * a family declared once with `# TYPE` (and `# HELP`), a family's samples are together, names and
 * label names are valid, label values are properly escaped, values are floats (NaN, ±Inf included),
 * a histogram has cumulative buckets ending at `le="+Inf"` equal to its `_count`, and no series
 * appears twice.
 */
export interface Sample {
  /** The sample's own name (`x_bucket`, `x_sum`, `x_count` for a histogram). */
  name: string;
  labels: Record<string, string>;
  value: number;
}
export interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** A value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case, e.g. prom-client's `Nan`). */
function parseValue(v: string, line: string): number {
  if (/^nan$/i.test(v)) return NaN;
  if (/^\+?inf(inity)?$/i.test(v)) return Infinity;
  if (/^-inf(inity)?$/i.test(v)) return -Infinity;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(v)) throw new Error(`not a float value: ${line}`);
  return Number(v);
}

/** `{a="x",b="y\"z"}` → labels, and the rest of the line after the closing brace. */
function parseLabels(s: string, line: string): { labels: Record<string, string>; rest: string } {
  const labels: Record<string, string> = {};
  let i = 1;
  for (;;) {
    if (s[i] === '}') return { labels, rest: s.slice(i + 1) };
    const eq = s.indexOf('=', i);
    if (eq < 0) throw new Error(`bad labels: ${line}`);
    const key = s.slice(i, eq).trim();
    if (!LABEL.test(key) || key in labels) throw new Error(`bad or repeated label name "${key}": ${line}`);
    if (s[eq + 1] !== '"') throw new Error(`label value not quoted: ${line}`);
    let value = '';
    let j = eq + 2;
    for (; j < s.length && s[j] !== '"'; j++) {
      if (s[j] === '\n') throw new Error(`raw newline in a label value: ${line}`);
      if (s[j] === '\\') {
        const next = s[++j];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`bad escape in a label value: ${line}`);
      } else value += s[j];
    }
    if (j >= s.length) throw new Error(`unterminated label value: ${line}`);
    labels[key] = value;
    i = j + 1;
    if (s[i] === ',') i++;
    else if (s[i] !== '}') throw new Error(`bad label separator: ${line}`);
  }
}

const familyOf = (families: Map<string, Family>, name: string): Family | undefined => {
  for (const suffix of ['_bucket', '_sum', '_count', '']) {
    if (!name.endsWith(suffix)) continue;
    const f = families.get(suffix ? name.slice(0, -suffix.length) : name);
    if (f && (suffix === '' || f.type === 'histogram' || (f.type === 'summary' && suffix !== '_bucket'))) return f;
  }
  return undefined;
};

export function parseExposition(text: string): Map<string, Family> {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  let current: Family | null = null;
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!m) continue; // a plain comment
      const [, kind, name, rest] = m as unknown as [string, 'HELP' | 'TYPE', string, string];
      if (!NAME.test(name)) throw new Error(`bad metric name: ${line}`);
      let f = families.get(name);
      if (f && f !== current) throw new Error(`metric ${name} declared twice or not together: ${line}`);
      if (!f) families.set(name, (f = { name, help: '', type: 'untyped', samples: [] }));
      current = f;
      if (kind === 'TYPE') {
        if (!TYPES.has(rest) || f.samples.length) throw new Error(`bad or late TYPE: ${line}`);
        f.type = rest as Family['type'];
      } else f.help = rest;
      continue;
    }
    const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0];
    if (!name) throw new Error(`not a sample line: ${line}`);
    let rest = line.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) ({ labels, rest } = parseLabels(rest, line));
    const parts = rest.trim().split(/\s+/);
    if (!rest.startsWith(' ') || parts.length < 1 || parts.length > 2) throw new Error(`bad sample: ${line}`);
    if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw new Error(`bad timestamp: ${line}`);
    const f = familyOf(families, name);
    if (!f || f !== current) throw new Error(`sample outside its declared family: ${line}`);
    const series = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(series)) throw new Error(`series repeated: ${line}`);
    seen.add(series);
    f.samples.push({ name, labels, value: parseValue(parts[0]!, line) });
  }
  for (const f of families.values()) {
    if (!f.help || f.type === 'untyped') throw new Error(`metric ${f.name} lacks HELP or TYPE`);
    if (f.type === 'histogram') checkHistogram(f);
  }
  return families;
}

/** Buckets are cumulative per series, end with +Inf, and +Inf equals the series' _count. */
function checkHistogram(f: Family): void {
  const key = (labels: Record<string, string>) => JSON.stringify(Object.entries(labels).filter(([k]) => k !== 'le').sort());
  const bySeries = new Map<string, Sample[]>();
  for (const s of f.samples.filter((x) => x.name === `${f.name}_bucket`)) bySeries.set(key(s.labels), [...(bySeries.get(key(s.labels)) ?? []), s]);
  for (const [series, buckets] of bySeries) {
    for (let i = 1; i < buckets.length; i++) if (buckets[i]!.value < buckets[i - 1]!.value) throw new Error(`${f.name}${series}: buckets not cumulative`);
    if (buckets.at(-1)!.labels.le !== '+Inf') throw new Error(`${f.name}${series}: no +Inf bucket`);
    const count = f.samples.find((s) => s.name === `${f.name}_count` && key(s.labels) === series);
    if (!count || count.value !== buckets.at(-1)!.value) throw new Error(`${f.name}${series}: _count differs from the +Inf bucket`);
  }
}

const matches = (labels: Record<string, string>, want: Record<string, string>) => Object.entries(want).every(([k, v]) => labels[k] === v);

/** Sum of a counter's or gauge's samples whose labels include `want`. */
export function valueOf(m: Map<string, Family>, name: string, want: Record<string, string> = {}): number {
  return (m.get(name)?.samples ?? []).filter((s) => s.name === name && matches(s.labels, want)).reduce((n, s) => n + s.value, 0);
}

/** Sum of a histogram's observation counts (`_count`) whose labels include `want`. */
export function countOf(m: Map<string, Family>, name: string, want: Record<string, string> = {}): number {
  return (m.get(name)?.samples ?? []).filter((s) => s.name === `${name}_count` && matches(s.labels, want)).reduce((n, s) => n + s.value, 0);
}

/** The label sets of a family's plain samples (a counter's or gauge's series). */
export const seriesOf = (m: Map<string, Family>, name: string): Array<Record<string, string>> => (m.get(name)?.samples ?? []).filter((s) => s.name === name).map((s) => s.labels);
