import type { AdminContentQuery, ContentKind, ContentSummary, ProductType } from '@stagepass/shared';
import type { AnyColumn, SQL, SQLWrapper } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import type { UserRow } from '../modules/users/users.tables';

/**
 * The content-kind registry: what the engagement modules (reactions, comments, reports, bookmarks,
 * search) and the commerce modules (wallet purchases, earnings) need to know about a kind of
 * content, so that they never import a content module. Built ONCE in the composition root
 * (root.ts) and passed by constructor to the services that use it; each content module provides
 * its kind as a `ContentKindProvider` from its `<module>.kind.ts`, and root.ts registers it right
 * after building that module's service. A new kind (video, gallery, product, message, stream)
 * is one `contentKinds.register(videoKind(...))` line in root.ts plus its entry in the shared
 * enabling lists (REACTABLE_KINDS, COMMENTABLE_KINDS, …; packages/shared/src/content-kinds.ts).
 *
 * What a kind MUST provide:
 * - `kind`: its name from the shared CONTENT_KINDS list.
 * - `load(db, viewer, id)`: the item as `viewer` may know it — null when it does not exist or is
 *   hidden from them (the callers answer 404), else its owner (the creator who may moderate it)
 *   and whether the viewer may open it (`canView` false = listed but locked: may be bookmarked
 *   and bought, not liked or commented on). Runs inside the caller's transaction when given one.
 * What it MAY provide (the action is refused with 422 "not available yet", or the item shown
 * as `null`, when it does not):
 * - `views(viewer, ids)`: the items in the shape its own module answers for one item (locked
 *   ones without media URLs), in the order of `ids`, hidden ones left out — used by bookmark
 *   lists and search results.
 * - `attachments(viewer, id, page)`: what the item's public page loads beside its view, for a viewer
 *   who may open it (a gallery's photos, a page at a time; a digital product's download link) —
 *   the console's audited read (GET /admin/content/{kind}/{id}) answers them with the view.
 * - `listedSql(viewer, id)`: a WHERE condition, true when the item whose id is the SQL expression
 *   `id` (e.g. `reactions.object_id`) is one `views` would keep for `viewer` — it exists (not
 *   deleted), is not withheld by moderation, not blocked, published — so a list of references to
 *   items (bookmarks) leaves the others out of its page AND its total in the same query
 *   (issue 26 §4.21). A kind with `views` must provide it.
 * - `sale(tx, buyer, id, { quantity })`: the price (minor units) and seller of an item the buyer
 *   may buy, resolved inside the charge's transaction; 404 for items the buyer may not know exist,
 *   422 for items not for sale. Enables POST /wallet/charges/{kind}/{id} (the kind must also be in
 *   the shared PURCHASABLE_KINDS list, which is where earnings types come from). Kinds bought once
 *   (feeds, videos, digital products…) ignore `quantity` (the wallet refuses anything but 1 for
 *   them) and answer `repeatable` false: the wallet then records a `purchases` row (a second
 *   purchase → 409). Goods bought again and again (physical products) answer `repeatable` true and
 *   take their stock in `sale` itself, with one conditional UPDATE in the charge's transaction
 *   (not enough → 422, nothing written), and describe the order line in `goods`.
 * - `restock(tx, id, quantity)`: gives back stock a refunded order had taken (repeatable goods).
 * - `tip(tx, tipper, id, tip)`: a tip sent IN an item (a live stream: POST /wallet/charges/tip/{creator}
 *   with `streamId`), inside the tip's transaction, after its charge is written: the kind checks the
 *   item belongs to the tipped creator and the tipper may be in it (else it throws: 404/403/422 and
 *   the whole tip rolls back) and records it (the stream chat's tip message, the tip goal).
 * - `counters`: denormalised like/bookmark/comment totals kept on the item's own table, adjusted
 *   inside the caller's transaction (the owning module writes its own table). Without them the
 *   totals are counted from the reactions table.
 * - `search(viewer, tsquery, offset, limit)`: ids of the items the viewer may see listed whose
 *   text matches `tsquery` (a safe prefix tsquery in the 'simple' configuration, built by the
 *   search module), newest first, and their total.
 * - `creatorTotals(creatorId)`: a creator's published items and the likes on them (profile stats).
 * Moderation (issue 14; reports/README.md "Moderation"), so the reports queue and the content
 * console act on any kind without importing its module:
 * - `setHidden(tx, id, {by, reason} | null)`: hides (or shows again) the item inside the caller's
 *   transaction (nothing written when it is in that state already: `before` tells) — kinds in the
 *   shared HIDEABLE_KINDS, whose tables carry hidden_at; the item's own
 *   policy then withholds it from everyone but its owner and admins (users/moderation.policy.ts).
 * - `summaries(db, ids, opts)`: the items as the console shows them, whatever their state (report
 *   previews, audit log targets). Private text (a message's) is left out ("Private message")
 *   unless `opts.opened`: the caller recorded the operator's audited read of those items first.
 * - `adminList(q)`: the console's list of the kind (hidden ones and drafts included), with filters.
 */
export type Counter = 'like' | 'bookmark' | 'comment';

export interface ContentItem {
  id: string;
  /** The creator who owns the item (may delete comments on it); null when it has no owner. */
  ownerId: string | null;
  /** The viewer may open the item (false: listed but locked, e.g. a paid feed). */
  canView: boolean;
}

/** An item in its module's shape for a viewer: any JSON object with its `_id`. */
export interface ContentView {
  _id: string;
}

/** What an item's page loads beside its view (`attachments`): each present only for the kinds that have it. */
export interface ContentAttachments {
  /** A gallery's photos (a page, in their order), as GET /performer-assets/photos?galleryId= answers them. */
  photos?: { data: ContentView[]; total: number };
  /** A digital product's download link (null: a physical product, or no file yet). */
  download?: { url: string; expiresAt: string } | null;
}

/** What a purchase of one item costs and who sells it. */
export interface SaleTerms {
  itemId: string;
  performerId: string;
  /** Minor units: the whole line (unit price × quantity + any shipping fee). */
  price: number;
  /** The line on the fan's and the creator's statements. */
  description: string;
  /** Units bought (default 1). */
  quantity?: number;
  /**
   * True: may be bought again (physical goods: no `purchases` row; the kind took its stock in
   * `sale`). False or absent: bought once and kept (a `purchases` row; a second purchase → 409).
   */
  repeatable?: boolean;
  /** Goods (products): what the order line records (minor units). Absent for other kinds. */
  goods?: { name: string; type: ProductType; unitPrice: number; shippingFee: number };
}

/** What the buyer asked for (POST /wallet/charges/{kind}/{id} body, a cart line). */
export interface SaleOptions {
  quantity: number;
}

export interface ContentCounters {
  /** Adds `delta` (never below 0) inside the caller's transaction; the new total, or undefined when this kind keeps no such counter. */
  adjust(tx: DbOrTx, id: string, counter: Counter, delta: number): Promise<number | undefined>;
  /** The counter `adjust` maintains; undefined when this kind keeps none. */
  read(db: DbOrTx, id: string, counter: Counter): Promise<number | undefined>;
}

/** An item as the console shows it, without its owner's card (the caller adds it, one query for a list). */
export type ContentSummaryBase = Omit<ContentSummary, 'owner'>;

/** What `setHidden` changed: the owner (to notify) and the state before (for the audit log). */
export interface HiddenChange {
  id: string;
  ownerId: string;
  title: string;
  before: { hiddenAt: string | null; hiddenReason: string | null };
}

export interface ContentKindProvider {
  kind: ContentKind;
  load(db: DbOrTx, viewer: UserRow | null, id: string): Promise<ContentItem | null>;
  views?(viewer: UserRow | null, ids: string[]): Promise<ContentView[]>;
  /** What the item's page loads beside its view, for `viewer` (see above). */
  attachments?(viewer: UserRow, id: string, page: { offset: number; limit: number }): Promise<ContentAttachments>;
  /** Which referenced ids `viewer` may see listed, as SQL on the referencing column (see above). */
  listedSql?(viewer: UserRow, id: AnyColumn | SQLWrapper): SQL;
  sale?(tx: Tx, buyer: UserRow, id: string, opts: SaleOptions): Promise<SaleTerms>;
  /** A tip sent in the item (a live stream), recorded inside the tip's transaction (see above); `menuItem`: a tip-menu order's item name (shown on screen). */
  tip?(tx: Tx, tipper: UserRow, id: string, tip: { performerId: string; amount: number; message: string; chargeId: string; menuItem?: string }): Promise<void>;
  /** Gives back `quantity` units a refunded order had taken (repeatable goods), inside the refund's transaction. */
  restock?(tx: Tx, id: string, quantity: number): Promise<void>;
  counters?: ContentCounters;
  search?(viewer: UserRow | null, tsquery: string, offset: number, limit: number): Promise<{ ids: string[]; total: number }>;
  creatorTotals?(creatorId: string): Promise<{ items: number; likes: number }>;
  setHidden?(tx: Tx, id: string, hidden: { by: string; reason: string } | null): Promise<HiddenChange | null>;
  summaries?(db: DbOrTx, ids: string[], opts?: { opened?: boolean }): Promise<ContentSummaryBase[]>;
  adminList?(q: AdminContentQuery): Promise<{ data: ContentSummaryBase[]; total: number }>;
  /**
   * Ids of items of this kind that carry `file` (a file of the media pipeline, owned by `file.ownerId`)
   * as playable media and that `viewer` might open — candidates only: the caller asks `load` (the
   * kind's access policy) about each. Encrypted HLS's key check (media README "HLS"): one indexed
   * query on the owner (or the viewer's conversation), never a scan.
   */
  itemsWithFile?(db: DbOrTx, file: { id: string; ownerId: string | null }, viewer: UserRow | null): Promise<string[]>;
  /** The media files an item carries (any state; null when the item does not exist): upload screening's "add its media to the blocklist" (media README). */
  mediaFileIds?(db: DbOrTx, id: string): Promise<string[] | null>;
}

export class ContentKinds {
  private readonly byKind = new Map<string, ContentKindProvider>();

  register(provider: ContentKindProvider): void {
    if (this.byKind.has(provider.kind)) throw new Error(`Content kind '${provider.kind}' is registered twice`);
    this.byKind.set(provider.kind, provider);
  }

  /** The kind's provider; undefined until its module registers it. */
  get(kind: string): ContentKindProvider | undefined {
    return this.byKind.get(kind);
  }

  kinds(): ContentKind[] {
    return [...this.byKind.values()].map((p) => p.kind);
  }
}
