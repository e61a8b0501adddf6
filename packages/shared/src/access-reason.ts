/**
 * Operators' reads of private data are accountable (issue 28 §6), without zod (the web's API client
 * imports this on every page). When an operator (role admin) opens another user's private data —
 * a conversation, locked media, an ID document, an order's address, someone's subscriptions — the
 * call carries WHY in the `x-access-reason` header; the API writes one audit row with that reason
 * and the users concerned (their data export lists it). Without a valid reason the API answers 400
 * with `code: 'reason_required'` and the console asks "Why are you opening this?", then repeats
 * the call. Rules: apps/api/README.md, "Audit log". The routes concerned are marked
 * `operatorRead: true` in the route map (routes/define.ts).
 *
 * The header value is the reason percent-encoded (`encodeAccessReason`, i.e. encodeURIComponent):
 * HTTP headers carry Latin-1 only, and a reason may be in any language.
 */
export const ACCESS_REASON_HEADER = 'x-access-reason';
/** The code of the 400 an operator read without (a valid) reason gets. */
export const REASON_REQUIRED_CODE = 'reason_required';
export const ACCESS_REASON_MIN = 3;
export const ACCESS_REASON_MAX = 500;
export const ACCESS_REASON_MESSAGES = {
  required: "Say why you are opening this person's private data",
} as const;

/** The header value for `reason` (trimmed, percent-encoded UTF-8). */
export function encodeAccessReason(reason: string): string {
  return encodeURIComponent(reason.trim());
}

/** Control characters (C0, DEL, C1) are refused in a reason. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The reason a header value carries, or null when it is missing or invalid (too short or long
 * once trimmed, control characters). A value that is not valid percent-encoding is taken as typed.
 */
export function decodeAccessReason(value: string | string[] | undefined): string | null {
  if (typeof value !== 'string') return null;
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    /* not percent-encoded: as typed */
  }
  const reason = text.trim();
  if (reason.length < ACCESS_REASON_MIN || reason.length > ACCESS_REASON_MAX) return null;
  if (CONTROL_CHARS.test(reason)) return null;
  return reason;
}
