/**
 * What the console shows of a job's data (README "Queues"): never a secret or someone's address.
 * Keys that name one (tokens, codes, keys, signatures, passwords, e-mail addresses, cards…) and
 * values that look like an e-mail address become "[hidden]"; long strings are cut; nested objects
 * and lists are named, not shown. At most `MAX_KEYS` keys.
 */
export type SummaryValue = string | number | boolean | null;

const SECRET_KEY = /(secret|token|passw|key|code|sig|hash|email|mail|address|phone|card|iban|account|auth|cookie|session|otp|totp|ip$)/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const MAX_KEYS = 12;
const MAX_CHARS = 80;
export const HIDDEN = '[hidden]';

export function summariseJobData(data: unknown): Record<string, SummaryValue> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data === null || data === undefined ? {} : { value: valueOf('value', data) };
  const out: Record<string, SummaryValue> = {};
  const entries = Object.entries(data as Record<string, unknown>);
  for (const [k, v] of entries.slice(0, MAX_KEYS)) out[k] = valueOf(k, v);
  if (entries.length > MAX_KEYS) out['…'] = `${entries.length - MAX_KEYS} more`;
  return out;
}

function valueOf(key: string, v: unknown): SummaryValue {
  if (v === null || v === undefined) return null;
  if (SECRET_KEY.test(key)) return HIDDEN;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    if (EMAIL.test(v)) return HIDDEN;
    return v.length > MAX_CHARS ? `${v.slice(0, MAX_CHARS - 1)}…` : v;
  }
  if (Array.isArray(v)) return `[${v.length} item${v.length === 1 ? '' : 's'}]`;
  if (typeof v === 'object') return '{…}';
  return String(v).slice(0, MAX_CHARS);
}
