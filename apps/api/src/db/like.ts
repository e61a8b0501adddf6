/**
 * A LIKE / ILIKE pattern matching `q` anywhere, with LIKE's wildcards (`%`, `_`) and the escape
 * character taken literally — the one way list searches turn a `q` into a pattern.
 */
export const containsPattern = (q: string): string => `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
