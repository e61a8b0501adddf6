import { describe, expect, it } from 'vitest';
import { itemForMessage, normalizeKeyword, parseTipKeyword, tipMenuItemInputSchema } from './tip-menu';

describe('tip menu keywords', () => {
  it('parse the first word of a chat message when it is ! + letters/digits', () => {
    expect(parseTipKeyword('!song')).toBe('!song');
    expect(parseTipKeyword('  !Song please')).toBe('!song');
    expect(parseTipKeyword('!dance2 now')).toBe('!dance2');
    expect(parseTipKeyword('song')).toBeNull();
    expect(parseTipKeyword('hi !song')).toBeNull();
    expect(parseTipKeyword('!so-ng')).toBeNull();
    expect(parseTipKeyword('!')).toBeNull();
    expect(parseTipKeyword(`!${'a'.repeat(21)}`)).toBeNull();
  });
  it('normalize a keyword as typed by the creator', () => {
    expect(normalizeKeyword('Song')).toBe('!song');
    expect(normalizeKeyword(' !HUG ')).toBe('!hug');
  });
  it('find the active item a message opens', () => {
    const items = [{ id: 1, keyword: '!song', active: true }, { id: 2, keyword: '!hug', active: false }, { id: 3, keyword: null, active: true }];
    expect(itemForMessage(items, '!SONG')?.id).toBe(1);
    expect(itemForMessage(items, '!hug')).toBeNull();
    expect(itemForMessage(items, 'hello')).toBeNull();
  });
});

describe('tip menu item input', () => {
  const ok = { name: 'Song request', price: 10 };
  it('accepts a name, a price in two decimals, an optional keyword (normalized) and description', () => {
    expect(tipMenuItemInputSchema.parse({ ...ok, keyword: 'Song' }).keyword).toBe('!song');
    expect(tipMenuItemInputSchema.parse({ ...ok, keyword: '' }).keyword).toBeNull();
    expect(tipMenuItemInputSchema.parse(ok).keyword).toBeUndefined();
  });
  it('refuses an empty or long name, a bad price, a bad keyword', () => {
    expect(tipMenuItemInputSchema.safeParse({ ...ok, name: ' ' }).success).toBe(false);
    expect(tipMenuItemInputSchema.safeParse({ ...ok, name: 'x'.repeat(61) }).success).toBe(false);
    expect(tipMenuItemInputSchema.safeParse({ ...ok, price: 0 }).success).toBe(false);
    expect(tipMenuItemInputSchema.safeParse({ ...ok, price: 10.001 }).success).toBe(false);
    expect(tipMenuItemInputSchema.safeParse({ ...ok, keyword: '!so ng' }).success).toBe(false);
    expect(tipMenuItemInputSchema.safeParse({ ...ok, keyword: '!ça' }).success).toBe(false);
  });
});
