import { describe, expect, it } from 'vitest';
import { sanitizePageHtml } from './rich-text';
import { createPromoSchema, slugify, slugSchema } from './site';

describe('static pages', () => {
  it('slugify makes an address from a title', () => {
    expect(slugify('Terms of Service')).toBe('terms-of-service');
    expect(slugify('  Über café & FAQ!  ')).toBe('uber-cafe-faq');
    expect(slugify('!!!')).toBe('');
    expect(slugSchema.safeParse('terms-of-service').success).toBe(true);
    expect(slugSchema.safeParse('Terms').success).toBe(false);
    expect(slugSchema.safeParse('a--b').success).toBe(false);
  });

  it('the page allow-list keeps the editor markup and drops scripts, handlers and foreign links', () => {
    expect(sanitizePageHtml('<h1>T</h1><h3>S</h3><ul><li><s>x</s></li></ul><blockquote>q</blockquote><pre><code>c</code></pre><hr>')).toBe(
      '<h2>T</h2><h3>S</h3><ul><li><s>x</s></li></ul><blockquote>q</blockquote><pre><code>c</code></pre><hr />',
    );
    expect(sanitizePageHtml('<p onclick="x()" style="color:red">a<script>alert(1)</script></p><img src=x onerror=y>')).toBe('<p>a</p>');
    expect(sanitizePageHtml('<a href="javascript:alert(1)">j</a><a href="//evil.example">p</a><a href="/page/terms">t</a>')).toBe('jp<a href="/page/terms">t</a>');
    expect(sanitizePageHtml('<a href="https://example.com" target="_self" rel="opener">e</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">e</a>');
  });
});

describe('promos', () => {
  it('the end must come after the start (error on endAt)', () => {
    const base = { title: 'x', imageId: '0190a5b4-0000-7000-8000-000000000000', startAt: '2030-01-02T00:00:00Z' };
    expect(createPromoSchema.safeParse({ ...base, endAt: '2030-01-03T00:00:00Z' }).success).toBe(true);
    const r = createPromoSchema.safeParse({ ...base, endAt: '2030-01-02T00:00:00Z' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['endAt']);
  });
});
