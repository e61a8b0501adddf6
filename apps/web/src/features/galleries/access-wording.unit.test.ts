import { describe, expect, it } from 'vitest';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import en from '../../../messages/en.json';
import { VisibilityBadge } from '@/features/feeds/FeedCard';
import { AccessBadge as GalleryAccess } from './parts';
import { AccessBadge as VideoAccess } from '@/features/videos/VideoCard';

/** The visible text of a rendered badge in English (tags stripped, the icon's svg has no text). */
const text = (el: ReactElement) =>
  renderToStaticMarkup(createElement(NextIntlClientProvider, { locale: 'en', timeZone: 'UTC', messages: en, children: el }))
    .replace(/<[^>]+>/g, '')
    .trim();

const post = (isBought: boolean) => text(createElement(VisibilityBadge, { feed: { visibility: 'ppv', price: 4.99, isBought } }));
const gallery = (isBought: boolean) => text(createElement(GalleryAccess, { gallery: { access: 'sale', price: 4.99, isBought } }));
const video = (isBought: boolean) => text(createElement(VideoAccess, { video: { access: 'sale', price: 4.99, isBought } }));

describe('one access wording for every kind (issue 26 §4.13)', () => {
  it('bought: an unlocked post, a bought gallery and a bought video read the same', () => {
    expect(post(true)).toBe('Purchased');
    expect(gallery(true)).toBe('Purchased');
    expect(video(true)).toBe('Purchased');
  });
  it('for sale, not bought: the same wording with the price', () => {
    expect(post(false)).toBe(video(false));
    expect(gallery(false)).toBe(video(false));
    expect(video(false)).toBe('$4.99');
  });
  it('free and subscribers read the same on every kind', () => {
    expect(text(createElement(VisibilityBadge, { feed: { visibility: 'free', price: null } }))).toBe('Free');
    expect(text(createElement(GalleryAccess, { gallery: { access: 'subscribers', price: null } }))).toBe('Subscribers');
    expect(text(createElement(VideoAccess, { video: { access: 'subscribers', price: null } }))).toBe('Subscribers');
  });
});
