import { describe, expect, it } from 'vitest';
import { USER_LINK_REL, isHttpUrl, linkParts, renderRichText, sanitizeRichText } from './rich-text';

const link = (href: string, text = href) => `<a href="${href}" target="_blank" rel="${USER_LINK_REL}">${text}</a>`;

describe('sanitizeRichText (the one allow-list, API storage)', () => {
  it('keeps b i em strong u br p a and drops every other tag, attribute and comment', () => {
    expect(sanitizeRichText('<p><b>b</b> <i>i</i> <em>e</em> <strong>s</strong> <u>u</u><br>x</p>')).toBe('<p><b>b</b> <i>i</i> <em>e</em> <strong>s</strong> <u>u</u><br />x</p>');
    expect(sanitizeRichText('a<!-- secret -->b')).toBe('ab');
    expect(sanitizeRichText('<script>alert(1)</script>hi <img src=x onerror=alert(1)><style>p{}</style>')).toBe('hi');
    expect(sanitizeRichText('<b onclick="x()" style="color:red">t</b><div>d</div>')).toBe('<b>t</b>d');
  });
  it('a link keeps only an http(s) href and always gets target=_blank and the ugc rel', () => {
    expect(sanitizeRichText('<a href="https://example.com/x" onclick="steal()" rel="me" target="_self">good</a>')).toBe(link('https://example.com/x', 'good'));
    expect(sanitizeRichText('<a href="HTTP://Example.com">up</a>')).toBe(link('HTTP://Example.com', 'up'));
  });
  it('drops links that are not http(s): javascript:, data:, protocol-relative, relative, mailto', () => {
    for (const href of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example', '/local', 'mailto:a@b.c', 'https://']) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe('x');
    }
    expect(sanitizeRichText('<a href="&#106;avascript:alert(1)">x</a>')).toBe('x');
    expect(sanitizeRichText('<p><a href="javascript:x()">bad</a> <a href="https://e.example">good</a></p>')).toBe(`<p>bad ${link('https://e.example', 'good')}</p>`);
  });
  it('escapes text', () => {
    expect(sanitizeRichText('1 < 2 & "q"')).toBe('1 &lt; 2 &amp; "q"');
  });
});

describe('renderRichText (the web: allow-list + bare URLs become links)', () => {
  it('links an http(s) URL in the text, new tab, rel noopener noreferrer nofollow ugc', () => {
    expect(renderRichText('see https://example.com/a?b=1&c=2 now')).toBe(`see ${link('https://example.com/a?b=1&amp;c=2')} now`);
    expect(renderRichText('http://x.example')).toBe(link('http://x.example'));
  });
  it('leaves trailing punctuation and unbalanced brackets out of the link', () => {
    expect(renderRichText('Go to https://example.com/page.')).toBe(`Go to ${link('https://example.com/page')}.`);
    expect(renderRichText('(https://example.com/x)')).toBe(`(${link('https://example.com/x')})`);
    expect(renderRichText('https://en.wikipedia.org/wiki/Foo_(bar), ok')).toBe(`${link('https://en.wikipedia.org/wiki/Foo_(bar)')}, ok`);
  });
  it('does not link other schemes or text that only looks like a URL', () => {
    expect(renderRichText('javascript:alert(1) ftp://x.example www.example.com')).toBe('javascript:alert(1) ftp://x.example www.example.com');
    expect(renderRichText('xhttps://example.com')).toBe('xhttps://example.com');
  });
  it('does not nest links: a URL inside an existing link stays its text', () => {
    expect(renderRichText('<a href="https://a.example">https://b.example</a>')).toBe(link('https://a.example', 'https://b.example'));
    expect(renderRichText('<a href="https://a.example"><b>https://b.example</b></a> https://c.example')).toBe(`${link('https://a.example', '<b>https://b.example</b>')} ${link('https://c.example')}`);
  });
  it('keeps text escaped: a URL cannot break out of the attribute or inject markup', () => {
    expect(renderRichText('https://example.com/"onmouseover="alert(1)')).toBe(`${link('https://example.com/')}"onmouseover="alert(1)`);
    expect(renderRichText('https://example.com/&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(`${link('https://example.com/')}&lt;script&gt;alert(1)&lt;/script&gt;`);
    expect(renderRichText('<img src=x onerror=alert(1)>https://e.example<script>alert(1)</script>')).toBe(link('https://e.example'));
  });
  it('re-applies the allow-list to stored text (old records, tampering)', () => {
    expect(renderRichText('<a href="javascript:alert(1)">x</a><iframe src="https://e.example"></iframe>')).toBe('x');
    expect(renderRichText('<a href="https://e.example" rel="nofollow noopener">old</a>')).toBe(link('https://e.example', 'old'));
  });
});

describe('linkParts (plain text such as bios)', () => {
  it('splits text and links, keeping the text verbatim (React escapes it)', () => {
    expect(linkParts('My shop: https://shop.example/x. <b>hi</b>')).toEqual([{ text: 'My shop: ' }, { text: 'https://shop.example/x', href: 'https://shop.example/x' }, { text: '. <b>hi</b>' }]);
    expect(linkParts('javascript:alert(1) no links')).toEqual([{ text: 'javascript:alert(1) no links' }]);
    expect(linkParts('')).toEqual([]);
  });
});

describe('helpers', () => {
  it('isHttpUrl', () => {
    expect(isHttpUrl('https://a.example/x')).toBe(true);
    expect(isHttpUrl('javascript://a.example/%0aalert(1)')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
  });
});
