'use client';
import { useMemo } from 'react';
import { USER_LINK_REL, linkParts, renderRichText } from '@stagepass/shared/rich-text';
import css from './rich-text.module.css';

/**
 * A post's or comment's text: the shared allow-list (packages/shared/src/rich-text.ts — the same
 * sanitize-html configuration the API stores with), bare http(s) URLs linked (new tab,
 * `rel="noopener noreferrer nofollow ugc"`).
 */
export function RichText({ html, className = '' }: { html: string | null | undefined; className?: string }) {
  const safe = useMemo(() => renderRichText(html), [html]);
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
