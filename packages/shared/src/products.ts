import './zod-config';
import { z } from 'zod';
import { hiddenFlagsShape } from './hidden';
import { idSchema, isUuid, listQuerySchema, sortBySchema } from './api';
import { ASSET_STATUSES, PRODUCT_TYPES } from './catalogue';
import { mediaFileSchema } from './media';

/**
 * Products (spec §7 Products; issue 13): a creator's physical goods (stock, shipping fee) and
 * digital goods (a private file buyers download). Create and update are multipart: the text fields
 * below plus the files `image` (0..n images, public) and `digitalFile` (digital products: one file
 * of any type, private). Money is a decimal in the site currency here, integer minor units in the
 * database. Rules: apps/api/src/modules/products/README.md.
 */
export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;
/** Images a product may have (kept + new). */
export const PRODUCT_MAX_IMAGES = 10;
export const PRODUCT_PRICE_MAX = 100_000;
export const PRODUCT_SHIPPING_FEE_MAX = 10_000;
export const PRODUCT_STOCK_MAX = 1_000_000;
/** Units of one product in one order line (POST /wallet/charges/product/{id}, cart lines). */
export const PRODUCT_QUANTITY_MAX = 99;
/** Lines in one cart checkout (POST /wallet/charges/cart). */
export const CART_MAX_LINES = 20;
/** How long a digital product's download link works (seconds). */
export const PRODUCT_DOWNLOAD_TTL_SECONDS = 300;
/** The multipart file fields of product create/update. */
export const PRODUCT_FILE_FIELDS = { image: 'image', digitalFile: 'digitalFile' } as const;

/** A multipart field arrives as text: '' (an empty input) means "not given"; numbers are parsed. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const formNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    const b = blankToUndefined(v);
    if (typeof b !== 'string') return b;
    const n = Number(b.trim());
    return b.trim() === '' ? undefined : Number.isNaN(n) ? b : n;
  }, schema);
const money = (max: number) =>
  z.number({ error: 'Enter an amount' }).max(max, `At most ${max}`).multipleOf(0.01, 'Use at most two decimals');
const productPrice = money(PRODUCT_PRICE_MAX).positive('The price must be greater than 0');
const shippingFee = money(PRODUCT_SHIPPING_FEE_MAX).min(0, 'Cannot be negative');
const stock = z.number({ error: 'Enter a whole number' }).int('Enter a whole number').min(0, 'Cannot be negative').max(PRODUCT_STOCK_MAX, `At most ${PRODUCT_STOCK_MAX}`);

/**
 * The kept images of PUT …/products/{id}: image ids in their new order, as a JSON array
 * (`["id1","id2"]`) or comma-separated (`id1,id2`); an empty value keeps none. New uploads go after them.
 */
export const productImageIdsSchema = z.preprocess(
  (v) => {
    if (Array.isArray(v)) return v;
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (s === '') return [];
    if (s.startsWith('[')) {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return s;
      }
    }
    return s.split(',').map((x) => x.trim());
  },
  z
    .array(idSchema)
    .max(PRODUCT_MAX_IMAGES, `At most ${PRODUCT_MAX_IMAGES} images`)
    .refine((ids) => new Set(ids).size === ids.length, 'An image is listed twice'),
);

const productFields = {
  name: z.string().trim().min(1, 'Required').max(PRODUCT_NAME_MAX, `At most ${PRODUCT_NAME_MAX} characters`),
  /** Plain text (shown as text, never as HTML). */
  description: z.string().trim().max(PRODUCT_DESCRIPTION_MAX, `At most ${PRODUCT_DESCRIPTION_MAX} characters`),
  type: z.enum(PRODUCT_TYPES, { error: 'Choose physical or digital' }),
  status: z.enum(ASSET_STATUSES, { error: 'Choose draft, active or inactive' }),
};

/** POST /performer/performer-assets/products (multipart text fields). */
export const createProductSchema = z
  .object({
    name: productFields.name,
    description: z.preprocess(blankToUndefined, productFields.description.default('')),
    type: productFields.type,
    status: z.preprocess(blankToUndefined, productFields.status.default('draft')),
    price: formNumber(productPrice),
    /** Physical products: units in stock (required); ignored for digital ones. */
    stock: formNumber(stock.optional()),
    /** Physical products: added once per order line (default 0); ignored for digital ones. */
    shippingFee: formNumber(shippingFee.optional()),
  })
  // Checked even when other fields are wrong (`when`), so a form sees every field error at once.
  .refine((v) => !(v?.type === 'physical' && v.stock === undefined), { path: ['stock'], message: 'Enter the stock of a physical product', when: () => true });
export type CreateProductInput = z.infer<typeof createProductSchema>;

/** PUT /performer/performer-assets/products/{id} (multipart text fields): any subset; `imageIds` = the images kept, in order. */
export const updateProductSchema = z.object({
  name: productFields.name.optional(),
  description: productFields.description.optional(),
  type: z.preprocess(blankToUndefined, productFields.type.optional()),
  status: z.preprocess(blankToUndefined, productFields.status.optional()),
  price: formNumber(productPrice.optional()),
  stock: formNumber(stock.optional()),
  shippingFee: formNumber(shippingFee.optional()),
  imageIds: productImageIdsSchema.optional(),
});
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

export const PRODUCT_SORTS = ['createdAt', 'updatedAt', 'price', 'name'] as const;
/** GET /performer-assets/products/search (anyone: active products only). */
export const productSearchQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(PRODUCT_SORTS, 'createdAt'),
  performerId: idSchema.optional(),
  type: z.enum(PRODUCT_TYPES).optional(),
});
export type ProductSearchQuery = z.infer<typeof productSearchQuerySchema>;
/** GET /performer/performer-assets/products/search (the creator's own, every status). */
export const ownProductSearchQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(PRODUCT_SORTS, 'createdAt'),
  type: z.enum(PRODUCT_TYPES).optional(),
  status: z.enum(ASSET_STATUSES).optional(),
});
export type OwnProductSearchQuery = z.infer<typeof ownProductSearchQuerySchema>;

export const productPerformerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
});

/** A digital product's file as its owner (and admins) see it: never a URL or a storage key. */
export const productDigitalFileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
});

/**
 * A product as every read answers it. It never carries the digital file's URL or key: buyers get
 * a short-lived link from GET …/products/{id}/download-link.
 */
export const productSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  performer: productPerformerSchema,
  name: z.string(),
  description: z.string(),
  type: z.enum(PRODUCT_TYPES),
  status: z.enum(ASSET_STATUSES),
  price: z.number(),
  /** Physical: units left; digital: null. */
  stock: z.number().int().nullable(),
  /** Physical: per order line; digital: 0. */
  shippingFee: z.number(),
  /** Public images (processed renditions; `url` once ready). */
  images: z.array(mediaFileSchema),
  /** The first image's URL, for lists (null without a ready image). */
  image: z.string().nullable(),
  hasDigitalFile: z.boolean(),
  /** Only for the owner and admins; null for everyone else. */
  digitalFile: productDigitalFileSchema.nullable(),
  /** Digital: the viewer has an order of it that was not refunded (may download). Physical: false. */
  isBought: z.boolean(),
  totalSold: z.number().int(),
  totalView: z.number().int(),
  totalLike: z.number().int(),
  totalComment: z.number().int(),
  totalBookmark: z.number().int(),
  totalDownload: z.number().int(),
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Owner and admins only: hidden by the operator (moderation; nobody else sees the item). */
  ...hiddenFlagsShape,
});
export type Product = z.infer<typeof productSchema>;

/** GET /performer-assets/products/{id}/download-link. */
export const productDownloadLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ProductDownloadLink = z.infer<typeof productDownloadLinkSchema>;
/** GET /performer-assets/products/{id}/download?token=… (the token of a download link). */
export const productDownloadQuerySchema = z.object({ token: z.string().min(1, 'Required').max(300) });

/**
 * One line of a cart. A signed-in fan's cart is kept on the server (GET /cart; issue 26 §4.5: it
 * lived in one browser's storage); a guest's in browser storage, merged into the fan's at sign-in
 * (POST /cart/merge). Checked out with POST /wallet/charges/cart.
 */
export const cartLineSchema = z.object({
  productId: idSchema,
  quantity: z.number().int('Enter a whole number').min(1, 'At least 1').max(PRODUCT_QUANTITY_MAX, `At most ${PRODUCT_QUANTITY_MAX}`),
});
export type CartLine = z.infer<typeof cartLineSchema>;
/** GET /cart and every cart change's answer: the fan's lines, oldest first. */
export const cartSchema = z.object({ lines: z.array(cartLineSchema) });
export type Cart = z.infer<typeof cartSchema>;
/** PUT /cart/items/{productId}: the line's quantity (the line is made when missing). */
export const cartQuantitySchema = z.object({ quantity: cartLineSchema.shape.quantity });
/** POST /cart/items: adds `quantity` units (a line grows, capped at PRODUCT_QUANTITY_MAX; the stock is checked at checkout). */
export const cartAddSchema = cartLineSchema;
/** POST /cart/merge: a guest cart (browser storage) into the fan's at sign-in; lines that cannot be kept are left out. */
export const cartMergeSchema = z.object({ items: z.array(cartLineSchema).max(CART_MAX_LINES) });
export const CART_MESSAGES = {
  full: `Your cart holds ${CART_MAX_LINES} products at most`,
  notFound: 'Product not found',
} as const;
/** The browser-storage key of a user's cart (spec §3 "per user"); the guest's is `cartStorageKey('guest')`. */
export const cartStorageKey = (userId: string) => `cart:${userId}`;
/** A stored cart read back from browser storage: invalid lines are dropped, duplicates merged (capped). */
export function parseStoredCart(raw: unknown): CartLine[] {
  if (!Array.isArray(raw)) return [];
  const byId = new Map<string, number>();
  for (const item of raw) {
    const l = item as { productId?: unknown; quantity?: unknown };
    if (!isUuid(l?.productId) || typeof l.quantity !== 'number' || !Number.isInteger(l.quantity) || l.quantity < 1) continue;
    const id = l.productId as string;
    byId.set(id, Math.min(PRODUCT_QUANTITY_MAX, (byId.get(id) ?? 0) + l.quantity));
  }
  return [...byId.entries()].slice(0, CART_MAX_LINES).map(([productId, quantity]) => ({ productId, quantity }));
}
