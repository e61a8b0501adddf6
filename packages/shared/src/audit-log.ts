import './zod-config';
import { z } from 'zod';
import { idOrUsernameSchema, idSchema, listQuerySchema, sortBySchema } from './api';
import { dateQuerySchema, moneyUserSchema } from './payments';

/**
 * The operators' audit log (issue 14): every admin action, who did it, to what, when, from where,
 * and the record before and after. Read-only: written by the actions themselves (apps/api
 * src/platform/audit.ts), never changed or deleted (the database refuses). Rules:
 * apps/api/src/modules/admin/README.md.
 */
export const auditEntrySchema = z.object({
  _id: z.string(),
  actorId: z.string(),
  /** The operator's card (null only if the account is gone). */
  actor: moneyUserSchema.nullable(),
  /** `<domain>.<verb>`: 'user.suspend', 'kyc.approve', 'setting.update', … */
  action: z.string(),
  /** 'user' | 'performer' | 'feed' | 'setting' | 'order' | … */
  targetType: z.string(),
  /** The record's id, or a setting's key. */
  targetId: z.string().nullable(),
  /**
   * The target as people know it: a user's name (@username), a post's first words, a product's
   * name, a setting's key…, and where the console or the site shows it (null when it has no page
   * or is gone; the name is then the id). Null when the entry has no target.
   */
  target: z.object({ name: z.string(), link: z.string().nullable() }).nullable(),
  /** JSON snapshots of the record (secrets appear as '[secret]'); null when the action has none. */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Why the operator did it: the reason they gave for opening private data (access-reason.ts); null otherwise. */
  reason: z.string().nullable(),
  /** The users whose private data the entry concerns (a read's subjects), by name; empty for most actions. */
  subjects: z.array(z.object({ _id: z.string(), name: z.string(), link: z.string().nullable() })),
  /** An operator's READ of private data (`recordRead`: messages.read, kyc.read, order.read…), not a change. */
  read: z.boolean(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_SORTS = ['createdAt'] as const;
/** An action or target type filter: the names recordAudit writes (letters, digits, `.`, `_`, `-`). */
const auditNameSchema = z.string().trim().min(1).max(60).regex(/^[A-Za-z0-9._-]+$/, 'Letters, digits, . _ and - only');

/**
 * GET /admin/audit-log: newest first by default. `actor` is the operator's id or username;
 * `action` matches exactly, or every action of a domain when it ends with `.` (`user.`);
 * `fromDate`/`toDate` as in the money lists (a date-only `toDate` covers that whole UTC day);
 * `q` matches the action, the target id or the operator's username, name or e-mail; `subject`
 * keeps the entries concerning that user's private data (the operators' reads of it).
 */
export const auditLogQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(AUDIT_SORTS, 'createdAt'),
  actor: idOrUsernameSchema.optional(),
  action: auditNameSchema.optional(),
  targetType: auditNameSchema.optional(),
  targetId: z.string().trim().min(1).max(200).optional(),
  /** Entries concerning this user's private data (their id): the operators' reads of it. */
  subject: idSchema.optional(),
  fromDate: dateQuerySchema,
  toDate: dateQuerySchema,
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** GET /admin/audit-log/facets: the action names and target types recorded so far (for the filters). */
export const auditFacetsSchema = z.object({ actions: z.array(z.string()), targetTypes: z.array(z.string()) });
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

/** Where the web shows an audit entry's target (the console's page for accounts and money records, the public page for content); null when it has none. */
export function auditTargetLink(targetType: string, targetId: string): string | null {
  const id = encodeURIComponent(targetId);
  switch (targetType) {
    case 'user':
    case 'performer':
      return `/admin/users/${id}`;
    case 'feed':
      return `/post/${id}`;
    case 'video':
      return `/video/${id}`;
    case 'gallery':
      return `/gallery/${id}`;
    case 'product':
      return `/product/${id}`;
    case 'setting':
      return '/admin/settings';
    case 'coupon':
      return '/admin/coupons';
    case 'payout':
      return '/admin/payouts';
    case 'order':
      return '/admin/orders';
    case 'page':
      return '/admin/pages';
    case 'promo':
      return '/admin/promos';
    case 'contact':
      return '/admin/contact';
    case 'subscription':
      return '/admin/subscriptions';
    case 'conversation':
      // Opening it again is another audited read (the console asks why).
      return `/admin/conversations/${id}`;
    default:
      return null;
  }
}
