/**
 * The audit log's before/after snapshots as readable lines: objects are flattened to dotted paths
 * (`profile.name`, `roles[0]`), each path with its value before and after and whether it changed.
 * A snapshot that is not an object (a setting's value) is one line with the path ''.
 */
export interface DiffLine {
  path: string;
  before: string;
  after: string;
  /** added: only after; removed: only before; changed: both, different; same: equal. */
  kind: 'added' | 'removed' | 'changed' | 'same';
}

/** How deep objects are flattened (deeper values are shown as JSON). */
const MAX_DEPTH = 4;
const ABSENT = Symbol('absent');
type Value = unknown | typeof ABSENT;

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A value as it reads in the diff: strings as is (an empty one as ""), the rest as compact JSON; '—' when absent. */
export function show(v: Value): string {
  if (v === ABSENT || v === undefined) return '—';
  if (typeof v === 'string') return v === '' ? '""' : v;
  return JSON.stringify(v);
}

function flatten(v: unknown, prefix: string, depth: number, out: Map<string, unknown>) {
  if (isPlain(v) && depth < MAX_DEPTH && Object.keys(v).length > 0) {
    for (const [k, child] of Object.entries(v)) {
      const path = Array.isArray(v) ? `${prefix}[${k}]` : prefix ? `${prefix}.${k}` : k;
      flatten(child, path, depth + 1, out);
    }
    return;
  }
  out.set(prefix, v);
}

/** The lines of a before/after pair, in the order their paths first appear (before, then after). */
export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  const b = new Map<string, unknown>();
  const a = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', 0, b);
  if (after !== null && after !== undefined) flatten(after, '', 0, a);
  const paths = [...new Set([...b.keys(), ...a.keys()])];
  return paths.map((path) => {
    const vb: Value = b.has(path) ? b.get(path) : ABSENT;
    const va: Value = a.has(path) ? a.get(path) : ABSENT;
    const kind = vb === ABSENT ? 'added' : va === ABSENT ? 'removed' : JSON.stringify(vb) === JSON.stringify(va) ? 'same' : 'changed';
    return { path, before: show(vb), after: show(va), kind };
  });
}
