'use client';
import { useEffect, useMemo, useState } from 'react';
import { USER_LINK_REL, linkParts } from '@stagepass/shared';
import css from './rich-text.module.css';

/**
 * The renderer (`@stagepass/shared/rich-text`: sanitize-html with the allow-list the API stores
 * with) weighs ~95 kB gzip — mostly the HTML parser's entity tables — so it is loaded once, on
 * demand, instead of in every feed page's first JavaScript.
 */
type Renderer = typeof import('@stagepass/shared/rich-text');
let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;
function loadRenderer(): Promise<Renderer> {
  loading ??= import('@stagepass/shared/rich-text').then((m) => (renderer = m));
  return loading;
}

function useRenderer(): Renderer | null {
  const [r, setR] = useState<Renderer | null>(renderer);
  useEffect(() => {
    if (r) return;
    let live = true;
    void loadRenderer().then((m) => live && setR(m));
    return () => {
      live = false;
    };
  }, [r]);
  return r;
}

/**
 * Until the renderer is there (the server render and the first paint): the words only, as React
 * text — never HTML, so nothing in it can run. Tags are dropped, line breaks kept.
 */
export function textOnly(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/p\s*>/gi, '\n')
    .replace(/<[^>]*>?/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/**
 * A post's or comment's text: the shared allow-list (packages/shared/src/rich-text.ts — the same
 * sanitize-html configuration the API stores with) re-applied, bare http(s) URLs linked (new tab,
 * `rel="noopener noreferrer nofollow ugc"`).
 */
export function RichText({ html, className = '' }: { html: string | null | undefined; className?: string }) {
  const r = useRenderer();
  const safe = useMemo(() => (r && html ? r.renderRichText(html) : null), [r, html]);
  if (!html) return null;
  if (safe === null) return <div className={`rich-text ${css.text} ${className}`}>{textOnly(html)}</div>;
  if (!safe) return null;
  return <div className={`rich-text ${css.text} ${className}`} dangerouslySetInnerHTML={{ __html: safe }} />;
}

/** Plain text (a bio) with its http(s) URLs as links; React escapes the text. */
export function LinkedText({ text }: { text: string | null | undefined }) {
  const parts = useMemo(() => linkParts(text), [text]);
  return (
    <span className={css.text}>
      {parts.map((p, i) =>
        p.href ? (
          <a key={i} href={p.href} target="_blank" rel={USER_LINK_REL}>
            {p.text}
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </span>
  );
}
