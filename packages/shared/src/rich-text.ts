/**
 * Rich text of posts and comments (spec §5): the ONE allow-list of markup, used by the API when it
 * stores text and by the web when it renders it, plus the rule "a text with the http or https form
 * is a link". Built on sanitize-html (no hand-written HTML parsing).
 *
 * Imported as `@stagepass/shared/rich-text` (not from the package index) so that screens which do
 * not show rich text do not bundle the HTML parser.
 */
import sanitizeHtml from 'sanitize-html';
import { USER_LINK_REL, isHttpUrl, trimUrl } from './links';

export { USER_LINK_REL, isHttpUrl, linkParts } from './links';

/** Tags a post or comment may keep; everything else is removed (its text kept, except script/style…). */
export const RICH_TEXT_TAGS = ['b', 'i', 'em', 'strong', 'u', 'br', 'p', 'a'] as const;
/**
 * The sanitize-html configuration (the allow-list). `a` keeps only an http(s) `href` and always
 * gets `target="_blank"` and `rel="noopener noreferrer nofollow ugc"`; an `a` without a usable
 * `href` is dropped (its text stays). HTML comments, other tags and attributes are removed.
 */
export function richTextOptions(): sanitizeHtml.IOptions {
  return {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https'],
    allowedSchemesByTag: { a: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (_tag, attribs): sanitizeHtml.Tag => ({
        tagName: 'a',
        attribs: attribs.href && isHttpUrl(attribs.href) ? { href: attribs.href.trim(), target: '_blank', rel: USER_LINK_REL } : {},
      }),
    },
    // A link without a usable href: the tag goes, its text stays.
    exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
  };
}

/** Stored form of a post's or comment's text: the allow-list applied, trimmed. Safe HTML. */
export function sanitizeRichText(input: string | null | undefined): string {
  if (!input) return '';
  return sanitizeHtml(input, richTextOptions()).trim();
}

/**
 * Plain text from what a user typed (stream chat, tip messages): every tag removed (script/style
 * with their content), the entities sanitize-html writes decoded back — the result is shown as
 * text, never as HTML — and trimmed.
 */
export function plainText(input: string | null | undefined): string {
  if (!input) return '';
  const stripped = sanitizeHtml(input, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  return stripped.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&').trim();
}

const escapeAttr = (s: string) => s.replace(/&(?!(?:[a-z]+|#\d+|#x[0-9a-f]+);)/gi, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const decodeBasic = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** Links every http(s) URL in a piece of ALREADY ESCAPED text (what sanitize-html hands a textFilter). */
function linkifyEscaped(escaped: string): string {
  // `<`, `>` are escaped here, so a URL must also stop at their entities.
  return escaped.replace(/\bhttps?:\/\/[^\s<>"]+/gi, (found) => {
    const cut = found.split(/&(?:lt|gt|quot);/)[0]!;
    const url = trimUrl(cut);
    if (!isHttpUrl(decodeBasic(url))) return found;
    return `<a href="${escapeAttr(url)}" target="_blank" rel="${USER_LINK_REL}">${url}</a>${found.slice(url.length)}`;
  });
}

/**
 * HTML to show for a post's or comment's text: the same allow-list as storage (so an old or
 * tampered record can never inject markup), then every bare http(s) URL outside an existing link
 * becomes a link. The result is safe for `dangerouslySetInnerHTML`.
 */
export function renderRichText(input: string | null | undefined): string {
  if (!input) return '';
  let inLink = 0;
  return sanitizeHtml(input, {
    ...richTextOptions(),
    onOpenTag: (name) => {
      if (name === 'a') inLink++;
    },
    onCloseTag: (name) => {
      if (name === 'a' && inLink > 0) inLink--;
    },
    textFilter: (text) => (inLink > 0 ? text : linkifyEscaped(text)),
  }).trim();
}

// ── Static pages (the operator's terms, privacy, FAQ…) ────────────────────────────────────────

/**
 * Tags a static page may keep: the post tags plus what the console's editor (tiptap's starter kit
 * with links) makes — headings, lists, quotes, code, rules, strike-through. No images, tables,
 * scripts, styles, iframes, forms or attributes other than a link's `href`.
 */
export const PAGE_TAGS = [...RICH_TEXT_TAGS, 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'hr', 's'] as const;
/** A link on this site: a path with a single leading `/` (`//host` and `/\host` are other hosts to browsers). */
const isSitePath = (href: string) => /^\/(?![/\\])[^\s]*$/.test(href);

/**
 * The static-page allow-list (sanitize-html): `PAGE_TAGS`; `h1` becomes `h2` (the page title is
 * the one `h1`). A link keeps an http(s) `href` (then `target="_blank"` and `rel="noopener
 * noreferrer"`: operator content, so no `nofollow ugc`) or a path on this site (same tab); a link
 * without a usable `href` is dropped, its text kept. Comments, other tags and attributes go.
 */
export function pageHtmlOptions(): sanitizeHtml.IOptions {
  return {
    allowedTags: [...PAGE_TAGS],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https'],
    allowedSchemesByTag: { a: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      h1: 'h2',
      a: (_tag, attribs): sanitizeHtml.Tag => {
        const href = (attribs.href ?? '').trim();
        if (href && isHttpUrl(href)) return { tagName: 'a', attribs: { href, target: '_blank', rel: 'noopener noreferrer' } };
        if (href && isSitePath(href)) return { tagName: 'a', attribs: { href } };
        return { tagName: 'a', attribs: {} };
      },
    },
    exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
  };
}

/** Stored and shown form of a static page's body: the page allow-list applied, trimmed. Safe HTML. */
export function sanitizePageHtml(input: string | null | undefined): string {
  if (!input) return '';
  return sanitizeHtml(input, pageHtmlOptions()).trim();
}
