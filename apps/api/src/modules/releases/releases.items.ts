import { inArray } from 'drizzle-orm';
import type { CoPerformerItem, CoPerformerKind } from '@stagepass/shared';
import type { DbOrTx } from '../../db/client';
import { feeds } from '../feeds/feeds.tables';
import { galleries } from '../galleries/galleries.tables';
import { streams } from '../streaming/streaming.tables';
import { videos } from '../videos/videos.tables';

/**
 * What the releases module reads of the items that name co-performers (their owners' tables, read
 * only — a module writes only its own tables; hiding goes through the content-kind registry).
 * `public`: the item is, or will go, public without another save — a post (published or
 * scheduled), an active video or gallery (scheduled ones too), a live stream.
 */
export interface ItemFacts {
  id: string;
  ownerId: string;
  title: string;
  public: boolean;
  hiddenReason: string | null;
}

const excerpt = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);

/** The items of one kind by id (missing ones left out) — one query. */
export async function itemFacts(db: DbOrTx, kind: CoPerformerKind, ids: string[]): Promise<Map<string, ItemFacts>> {
  const out = new Map<string, ItemFacts>();
  if (ids.length === 0) return out;
  if (kind === 'feed') {
    const rows = await db.select({ id: feeds.id, ownerId: feeds.performerId, text: feeds.text, hiddenReason: feeds.hiddenReason }).from(feeds).where(inArray(feeds.id, ids));
    for (const r of rows) out.set(r.id, { id: r.id, ownerId: r.ownerId, title: excerpt(r.text) || 'Post', public: true, hiddenReason: r.hiddenReason });
  } else if (kind === 'video') {
    const rows = await db.select({ id: videos.id, ownerId: videos.performerId, title: videos.title, status: videos.status, hiddenReason: videos.hiddenReason }).from(videos).where(inArray(videos.id, ids));
    for (const r of rows) out.set(r.id, { id: r.id, ownerId: r.ownerId, title: r.title, public: r.status === 'active', hiddenReason: r.hiddenReason });
  } else if (kind === 'gallery') {
    const rows = await db.select({ id: galleries.id, ownerId: galleries.performerId, title: galleries.title, status: galleries.status, hiddenReason: galleries.hiddenReason }).from(galleries).where(inArray(galleries.id, ids));
    for (const r of rows) out.set(r.id, { id: r.id, ownerId: r.ownerId, title: r.title, public: r.status === 'active', hiddenReason: r.hiddenReason });
  } else {
    const rows = await db.select({ id: streams.id, ownerId: streams.performerId, title: streams.title, status: streams.status }).from(streams).where(inArray(streams.id, ids));
    for (const r of rows) out.set(r.id, { id: r.id, ownerId: r.ownerId, title: r.title, public: r.status === 'live', hiddenReason: null });
  }
  return out;
}

/** One item of `ownerId` (null when missing or someone else's). */
export async function ownItem(db: DbOrTx, kind: CoPerformerKind, id: string, ownerId: string): Promise<ItemFacts | null> {
  const item = (await itemFacts(db, kind, [id])).get(id);
  return item && item.ownerId === ownerId ? item : null;
}

/** The web path of an item (the kinds' `link(id)`); null for streams (over once they end). */
export const itemLink = (kind: CoPerformerKind, id: string): string | null =>
  kind === 'feed' ? `/post/${id}` : kind === 'video' ? `/video/${id}` : kind === 'gallery' ? `/gallery/${id}` : null;

/** Items as lists show them, for (kind, id) pairs of any kinds — one query per kind present. */
export async function itemViews(db: DbOrTx, refs: { kind: CoPerformerKind; itemId: string }[]): Promise<Map<string, CoPerformerItem>> {
  const byKind = new Map<CoPerformerKind, string[]>();
  for (const r of refs) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.itemId]);
  const out = new Map<string, CoPerformerItem>();
  for (const [kind, ids] of byKind) {
    const facts = await itemFacts(db, kind, [...new Set(ids)]);
    for (const id of ids) {
      const f = facts.get(id);
      out.set(`${kind}:${id}`, { kind, id, title: f?.title ?? null, link: f ? itemLink(kind, id) : null });
    }
  }
  return out;
}
