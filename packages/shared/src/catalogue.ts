/**
 * The creator's catalogue (spec §7 Videos, Galleries, Photos, Products, Orders): the states and
 * kinds every catalogue item shares. Zod-free so that the API's tables can import them; each
 * kind's contracts (videos.ts, galleries.ts, products.ts, orders.ts) build on them.
 */

/** What the creator asked for: a draft is seen only by them; inactive is withdrawn from fans. */
export const ASSET_STATUSES = ['draft', 'active', 'inactive'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

/** Who may open a video or gallery: everyone, the creator's subscribers, or buyers (`sale`, with a price). */
export const ASSET_ACCESS = ['free', 'subscribers', 'sale'] as const;
export type AssetAccess = (typeof ASSET_ACCESS)[number];

/** A video's three files (DELETE …/videos/remove-file/{id} {type}). */
export const VIDEO_FILE_TYPES = ['video', 'teaser', 'thumbnail'] as const;
export type VideoFileType = (typeof VIDEO_FILE_TYPES)[number];

export const PRODUCT_TYPES = ['physical', 'digital'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/**
 * An order's delivery: processing → shipping (with a tracking code) → delivered; refunded from
 * processing or shipping. Digital orders are delivered at once.
 */
export const DELIVERY_STATUSES = ['processing', 'shipping', 'delivered', 'refunded'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
