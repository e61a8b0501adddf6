/**
 * The product form's plain rules (no React): the form values of a product, the multipart text
 * fields of create/update (spec §7 Products: one multipart request with the `image` files and the
 * `digitalFile`), which form field an API field error belongs to, and the client-side file checks.
 */
import { PRODUCT_MAX_IMAGES, type AssetStatus, type MediaFileView, type Product, type ProductType } from '@stagepass/shared';

export interface ProductFormValues {
  name: string;
  description?: string;
  type: ProductType;
  status: AssetStatus;
  price?: number | null;
  stock?: number | null;
  shippingFee?: number | null;
}

/** An image of the form: one the product keeps (already uploaded) or a new file with its local preview. */
export type ImageItem = { key: string; kind: 'kept'; file: MediaFileView } | { key: string; kind: 'new'; file: File; url: string };

/** The largest image the API takes (15 MB, JPEG/PNG/WebP/GIF/AVIF/HEIC) and the largest digital file (1 GB). */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const DIGITAL_MAX_BYTES = 1024 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic';
const IMAGE_TYPES = new Set(IMAGE_ACCEPT.split(','));

export const STATUS_OPTIONS: Array<{ value: AssetStatus; label: string }> = [
  { value: 'draft', label: 'Draft' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
export const TYPE_OPTIONS: Array<{ value: ProductType; label: string }> = [
  { value: 'physical', label: 'Physical' },
  { value: 'digital', label: 'Digital' },
];

/** The form's starting values: a new physical draft, or the product being edited. */
export function initialValues(p?: Product | null): ProductFormValues {
  if (!p) return { name: '', description: '', type: 'physical', status: 'draft', price: null, stock: null, shippingFee: 0 };
  return {
    name: p.name,
    description: p.description,
    type: p.type,
    status: p.status,
    price: p.price,
    stock: p.type === 'physical' ? p.stock : null,
    shippingFee: p.type === 'physical' ? p.shippingFee : 0,
  };
}

const num = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? '' : String(v));

/**
 * The multipart text fields. Create sends the type; update never does (it cannot change) and sends
 * `imageIds`, the kept images in their order (a JSON array; `[]` keeps none). Stock and shipping
 * fee go only for physical products.
 */
export function productFields(v: ProductFormValues, opts: { editing: boolean; keptImageIds?: string[] }): Record<string, string> {
  const out: Record<string, string> = {
    name: v.name.trim(),
    description: (v.description ?? '').trim(),
    status: v.status,
    price: num(v.price),
  };
  if (!opts.editing) out.type = v.type;
  if (v.type === 'physical') {
    out.stock = num(v.stock);
    out.shippingFee = num(v.shippingFee ?? 0);
  }
  if (opts.editing) out.imageIds = JSON.stringify(opts.keptImageIds ?? []);
  return out;
}

/** The form field that shows an API field error: the image fields under "Images", the rest by name. */
export function formFieldOf(apiField: string): string {
  if (apiField === 'image' || apiField.startsWith('imageIds')) return 'images';
  return apiField.split('.')[0] || apiField;
}

/** Why a picked image cannot be sent (type, size), or null. */
export function imageProblem(file: File): string | null {
  if (file.type && !IMAGE_TYPES.has(file.type)) return `${file.name} is not a JPEG, PNG, WebP, GIF, AVIF or HEIC image`;
  if (file.size > IMAGE_MAX_BYTES) return `${file.name} is larger than 15 MB`;
  return null;
}

/** The images that fit: at most PRODUCT_MAX_IMAGES in all, each a picture the API takes; the rest with the reason. */
export function acceptImages(current: number, files: File[]): { accepted: File[]; problems: string[] } {
  const accepted: File[] = [];
  const problems: string[] = [];
  for (const f of files) {
    const p = imageProblem(f);
    if (p) problems.push(p);
    else if (current + accepted.length >= PRODUCT_MAX_IMAGES) {
      problems.push(`A product has at most ${PRODUCT_MAX_IMAGES} images`);
      break;
    } else accepted.push(f);
  }
  return { accepted, problems };
}

/** "1.4 MB", "820 KB", "12 B". */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
