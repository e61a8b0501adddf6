/**
 * Links in user text (spec §5: "a text with the http or https form is a link"), without any
 * dependency, so every screen can use it: what counts as a link and how it is marked. The HTML
 * allow-list that uses these rules is `rich-text.ts` (sanitize-html).
 */

/** Every link in user text opens in a new tab and passes no referrer, ranking or opener. */
export const USER_LINK_REL = 'noopener noreferrer nofollow ugc';

/** An absolute http(s) URL with a host (no javascript:, data:, protocol-relative or relative links). */
export function isHttpUrl(raw: string): boolean {
  const s = raw.trim();
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?'*_~]+$/;

/** Where a URL found in text really ends: no trailing punctuation, no unbalanced closing bracket. */
export function trimUrl(url: string): string {
  let u = url;
  for (;;) {
    const before = u;
    u = u.replace(TRAILING_PUNCTUATION, '');
    for (const [open, close] of [['(', ')'], ['[', ']'], ['{', '}']] as const) {
      if (u.endsWith(close) && u.split(close).length > u.split(open).length) u = u.slice(0, -1);
    }
    if (u === before) return u;
  }
}

/** Splits plain (unescaped) text into text and http(s) link parts — for React rendering (bios). */
export function linkParts(text: string | null | undefined): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  if (!text) return parts;
  let last = 0;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    const url = trimUrl(m[0]);
    if (!isHttpUrl(url)) continue;
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ text: url, href: url });
    last = m.index + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

