// Relative links of a markdown text, and the anchors of its headings (scripts/doc-links.unit.test.ts).

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;

/** Text of a markdown file without fenced code blocks (their lines kept, empty, so numbers hold). */
function withoutFences(text) {
  let fenced = false;
  return text.split('\n').map((l) => {
    if (/^\s*(```|~~~)/.test(l)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : l;
  });
}

/**
 * Relative link targets with their 1-based line: `[text](target "title")`, `[ref]: target`, and
 * explicit relative mentions of a markdown file (`./x.md`, `../users/README.md`). URLs, mail
 * addresses and in-page `#anchors` are not relative links.
 * @param {string} text
 * @returns {{ target: string, line: number }[]}
 */
export function relativeLinks(text) {
  const out = [];
  withoutFences(text).forEach((l, i) => {
    const found = [];
    for (const m of l.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push([m.index, m[1]]);
    const ref = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(l);
    if (ref) found.push([0, ref[1]]);
    // Mentions outside the links found above.
    const bare = l.replace(/!?\[[^\]]*\]\([^)]*\)/g, (s) => ' '.repeat(s.length));
    for (const m of bare.matchAll(/(?<![\w/.-])(?:\.{1,2}\/)+[\w.\-/]*\.md\b(?:#[\w-]+)?/g)) if (!ref) found.push([m.index, m[0]]);
    found.sort((a, b) => a[0] - b[0]);
    for (const [, target] of found) if (!EXTERNAL.test(target)) out.push({ target, line: i + 1 });
  });
  return out;
}

/**
 * The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces to '-',
 * '-1', '-2'… after a repeated one.
 * @param {string} text
 * @returns {Set<string>}
 */
export function headingSlugs(text) {
  const slugs = new Set();
  const seen = new Map();
  for (const l of withoutFences(text)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(l);
    if (!m) continue;
    const base = m[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    slugs.add(n ? `${base}-${n}` : base);
  }
  return slugs;
}
