/**
 * Allow-list HTML renderer for feed and comment text. The API already strips markup to
 * b/i/em/strong/u/br/p/a (spec §5); the web strips again before `dangerouslySetInnerHTML` so a
 * bug or an older record can never inject markup. Works the same on the server and in the
 * browser (no DOM needed): tags outside the list are dropped (their text kept, except for
 * script/style/… whose content goes too), comments are removed, attributes are dropped except an
 * http(s) `href` on `a`, which always opens in a new tab with `rel="noopener noreferrer nofollow"`.
 */
const ALLOWED = new Set(['b', 'i', 'em', 'strong', 'u', 'br', 'p', 'a']);
const DROP_WITH_CONTENT = /<(script|style|iframe|object|embed|template|noscript|textarea|title|svg|math)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b([^<>]*)>/g;

function escapeText(s: string): string {
  return s.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
function safeHref(attrs: string): string | null {
  const m = /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs);
  const raw = (m?.[2] ?? m?.[3] ?? m?.[4] ?? '').trim().replace(/&amp;/g, '&');
  if (!/^https?:\/\//i.test(raw)) return null;
  return raw.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '%3C').replace(/>/g, '%3E');
}

export function sanitizeHtml(input: string | null | undefined): string {
  if (!input) return '';
  const src = input.replace(/<!--[\s\S]*?(-->|$)/g, '').replace(DROP_WITH_CONTENT, '');
  let out = '';
  let last = 0;
  let openA = 0;
  for (const m of src.matchAll(TAG)) {
    out += escapeText(src.slice(last, m.index));
    last = m.index! + m[0].length;
    const name = m[1]!.toLowerCase();
    if (!ALLOWED.has(name)) continue;
    const closing = m[0].startsWith('</');
    if (name === 'br') {
      if (!closing) out += '<br>';
    } else if (name === 'a') {
      if (closing) {
        if (openA > 0) {
          out += '</a>';
          openA--;
        }
      } else {
        const href = safeHref(m[2] || '');
        if (href) {
          out += `<a href="${href}" target="_blank" rel="noopener noreferrer nofollow">`;
          openA++;
        }
      }
    } else out += closing ? `</${name}>` : `<${name}>`;
  }
  out += escapeText(src.slice(last));
  while (openA-- > 0) out += '</a>';
  return out;
}

/** Plain text of a (sanitized) HTML fragment, for titles and previews. */
export function htmlToText(input: string | null | undefined): string {
  return sanitizeHtml(input)
    .replace(/<br>|<\/p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();
}
