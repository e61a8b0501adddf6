/**
 * The web's message catalogue (apps/web/messages, apps/web README "Languages") is complete and
 * used: every language has exactly English's keys, with the same placeholders and tags, each a
 * valid ICU message, none left in English; every key the code uses exists; every key exists because
 * the code uses it. Keys are written literally in the code (t('key'), or a typed key in a table
 * such as the navigation's `label: 'navHome'`), which is what lets this test find them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { LOCALES, MESSAGES, type Locale } from '@stagepass/shared';
import { SHELL_NAMESPACES } from './messages';

const WEB = path.resolve(__dirname, '../..');
type Catalogue = Record<string, Record<string, string>>;
const catalogue = (l: Locale): Catalogue => JSON.parse(fs.readFileSync(path.join(WEB, 'messages', `${l}.json`), 'utf8')) as Catalogue;
const en = catalogue('en');

/** Keys a language may leave as in English, because the word is the same there. */
const SAME_AS_ENGLISH: Partial<Record<Locale, string[]>> = {
  es: ['navFans', 'notificationSettings.colPush', 'messages.audio', 'messages.audios', 'orders.digital', 'orders.totalColumn', 'shop.digital', 'shop.subtotalLine', 'shop.subtotal', 'shop.total'],
  'pt-BR': ['common.email', 'forms.email', 'notificationSettings.colEmail', 'notificationSettings.colPush', 'wallet.status', 'wallet.kindFeed', 'orders.status', 'orders.digital', 'orders.totalColumn', 'shop.digital', 'shop.subtotalLine', 'shop.subtotal', 'shop.total', 'videos.tags', 'galleries.tags'],
  de: ['shell.navFans', 'shell.navLabels', 'shell.tabs', 'shell.themeSystem', 'shell.navFollowers', 'forms.genderTransgender', 'forms.genderGenderfluid', 'forms.genderAgender', 'forms.optional', 'shell.sideNav', 'notificationSettings.colPush', 'messages.video', 'messages.audio', 'wallet.status', 'wallet.creator', 'wallet.kindVideo', 'orders.status', 'orders.digital', 'orders.creator', 'shop.digital', 'videos.meta', 'videos.tags', 'videos.video', 'videos.teaser', 'galleries.tags', 'live.meta'],
  fr: ['shell.navFans', 'shell.navNotifications', 'shell.navMessages', 'shell.navPromotions', 'shell.navTransactions', 'shell.suggestions', 'shell.mobileNav', 'shell.sideNav', 'shell.contact', 'account.notificationsTitle', 'forms.genderGenderfluid', 'common.email', 'forms.email', 'notifications.title', 'notificationSettings.colEmail', 'notificationSettings.colPush', 'messages.title', 'messages.conversations', 'messages.conversation', 'messages.message', 'messages.photo', 'messages.photos', 'messages.audio', 'messages.audios', 'wallet.type', 'wallet.date', 'wallet.description', 'wallet.kindMessage', 'wallet.transactionsTitle', 'wallet.transactionsTotal', 'payments.message', 'orders.type', 'orders.date', 'orders.totalColumn', 'shop.stock', 'shop.description', 'shop.note', 'shop.total', 'videos.inactive', 'videos.tags', 'galleries.tags', 'galleries.photos', 'galleries.photosLabel'],
};

// The browsing areas (feeds, profile, search, subscriptions, social, blocking): words the same as in English.
const SAME_AS_ENGLISH_BROWSE: Partial<Record<Locale, string[]>> = {
  es: ['feeds.audio', 'feeds.audios', 'social.colFan', 'subscriptions.plan'],
  'pt-BR': ['feeds.meta', 'profile.tabPosts', 'profile.bio', 'profile.statPosts', 'search.tabPosts', 'social.tabPosts', 'subscriptions.colStatus'],
  de: ['feeds.creatorBadge', 'feeds.video', 'feeds.audio', 'profile.meta', 'profile.tabVideos', 'profile.tabShop', 'profile.bio', 'profile.statLikes', 'profile.creatorTag', 'profile.labels', 'search.tabCreators', 'search.sortName', 'social.tabVideos', 'social.tabCreators', 'social.colCreator', 'social.colFan', 'subscriptions.colCreator', 'subscriptions.colStatus'],
  fr: ['feeds.votes', 'feeds.description', 'feeds.photo', 'feeds.audio', 'feeds.photos', 'feeds.audios', 'profile.bio', 'profile.message', 'social.colFan', 'social.colAction', 'subscriptions.colAction', 'blocking.colAction', 'profile.promotions'],
};
for (const [l, keys] of Object.entries(SAME_AS_ENGLISH_BROWSE) as Array<[Locale, string[]]>) SAME_AS_ENGLISH[l] = [...(SAME_AS_ENGLISH[l] ?? []), ...keys];

/** The argument names and tags of an ICU message ("{count, plural, …}" → {count}; "<strong>…</strong>" → <strong>), from its syntax tree. */
type Node = { type: number; value?: string; children?: Node[]; options?: Record<string, { value: Node[] }> };
function shape(message: string, locale: string): string[] {
  const found = new Set<string>();
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      // 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural, 8 tag (intl-messageformat's TYPE)
      if ([1, 2, 3, 4, 5, 6].includes(n.type) && n.value) found.add(`{${n.value}}`);
      if (n.type === 8 && n.value) found.add(`<${n.value}>`);
      if (n.children) walk(n.children);
      if (n.options) for (const o of Object.values(n.options)) walk(o.value);
    }
  };
  walk(new IntlMessageFormat(message, locale, undefined, { ignoreTag: false }).getAst() as unknown as Node[]);
  return [...found].sort();
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}
const sources = sourceFiles(path.join(WEB, 'src')).map((file) => ({ file: path.relative(WEB, file), text: fs.readFileSync(file, 'utf8') }));

describe('web message catalogue (issue 34 §3)', () => {
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has exactly the English keys, the same placeholders, and nothing left in English`, () => {
      const other = catalogue(locale);
      expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      const allowed = new Set(SAME_AS_ENGLISH[locale] ?? []);
      const untranslated: string[] = [];
      for (const [ns, keys] of Object.entries(en)) {
        expect(Object.keys(other[ns]!).sort(), `${locale} ${ns}`).toEqual(Object.keys(keys).sort());
        for (const [key, english] of Object.entries(keys)) {
          const text = other[ns]![key]!;
          expect(shape(text, locale), `${locale} ${ns}.${key}`).toEqual(shape(english, 'en'));
          if (text === english && !allowed.has(`${ns}.${key}`) && !allowed.has(key)) untranslated.push(`${ns}.${key}`);
        }
      }
      expect(untranslated, `left in English in ${locale}`).toEqual([]);
    }, 60_000);
  }

  it('every message of every language is valid ICU', () => {
    for (const locale of LOCALES) {
      for (const [ns, keys] of Object.entries(catalogue(locale))) {
        for (const [key, text] of Object.entries(keys)) expect(() => new IntlMessageFormat(text, locale), `${locale} ${ns}.${key}`).not.toThrow();
      }
    }
  }, 60_000);

  it('the spec namespace is the spec’s texts: the same keys as MESSAGES’ plain strings, English word for word', () => {
    const plain = Object.entries(MESSAGES).filter(([, v]) => typeof v === 'string') as Array<[string, string]>;
    expect(Object.keys(en.spec!).sort()).toEqual(plain.map(([k]) => k).sort());
    for (const [k, v] of plain) expect(en.spec![k], k).toBe(v);
  });

  it('every key the code uses exists in English', () => {
    const missing: string[] = [];
    for (const { file, text } of sources) {
      const translators = new Map<string, string>();
      for (const m of text.matchAll(/const\s+(\w+)\s*=\s*(?:await\s+)?(?:useTranslations|getTranslations)\(\s*'(\w+)'\s*\)/g)) translators.set(m[1]!, m[2]!);
      for (const m of text.matchAll(/\[(\w+),\s*(\w+)\]\s*=\s*await\s+Promise\.all\(\[\s*getTranslations\('(\w+)'\),\s*getTranslations\('(\w+)'\)\s*\]\)/g)) {
        translators.set(m[1]!, m[3]!);
        translators.set(m[2]!, m[4]!);
      }
      for (const m of text.matchAll(/\(await getTranslations\('(\w+)'\)\)\('(\w+)'/g)) if (!en[m[1]!]?.[m[2]!]) missing.push(`${file}: ${m[1]}.${m[2]}`);
      for (const [name, ns] of translators) {
        if (!en[ns]) missing.push(`${file}: namespace ${ns}`);
        for (const m of text.matchAll(new RegExp(`\\b${name}(?:\\.(?:rich|markup|raw|has))?\\(\\s*'(\\w+)'`, 'g'))) if (!en[ns]?.[m[1]!]) missing.push(`${file}: ${ns}.${m[1]}`);
      }
      for (const m of text.matchAll(/namespaces=\{\[([^\]]*)\]\}/g)) for (const ns of m[1]!.matchAll(/'(\w+)'/g)) if (!en[ns[1]!]) missing.push(`${file}: namespace ${ns[1]}`);
    }
    expect(missing).toEqual([]);
  });

  it('every English key is used by the code, in a file naming its namespace (spec: by MESSAGES)', () => {
    const unused: string[] = [];
    for (const [ns, keys] of Object.entries(en)) {
      if (ns === 'spec') continue;
      // The files that name the namespace: a translator of it, or its keys' type (Messages['ns'], ShellKey).
      const naming = sources.filter((s) => s.text.includes(`'${ns}'`) || s.text.includes(`Messages['${ns}']`) || (ns === 'shell' && s.text.includes('ShellKey'))).map((s) => s.text).join('\n');
      for (const key of Object.keys(keys)) if (!naming.includes(`'${key}'`)) unused.push(`${ns}.${key}`);
    }
    expect(unused).toEqual([]);
  });

  it('every namespace reaches the browser somewhere (the shell’s, or a page’s <ClientMessages>)', () => {
    const all = sources.map((s) => s.text).join('\n');
    const shipped = new Set<string>(SHELL_NAMESPACES);
    for (const m of all.matchAll(/namespaces=\{\[([^\]]*)\]\}/g)) for (const ns of m[1]!.matchAll(/'(\w+)'/g)) shipped.add(ns[1]!);
    expect(Object.keys(en).filter((ns) => !shipped.has(ns))).toEqual([]);
  });
});
