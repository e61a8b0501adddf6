import './zod-config';
import { z } from 'zod';
import { listQuerySchema, sortBySchema } from './api';
import { dateQuerySchema } from './payments';
import { queryBoolean } from './social';
import { verificationStatusSchema } from './verification';

/**
 * The operator console's Users section (issue 14): the account list, one account with its money
 * summary, and the actions on it. Rules: apps/api/src/modules/users/README.md ("Operator console").
 */

/** An account's status: `suspended` by an operator (cannot log in, sessions and sockets ended, content hidden). */
export const USER_STATUSES = ['active', 'inactive', 'suspended', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** The list's role filter: fans (`user`), creators (`performer`), operators (`admin`). */
export const ADMIN_USER_ROLES = ['user', 'performer', 'admin'] as const;

export const ADMIN_USER_SORTS = ['createdAt', 'updatedAt', 'username', 'name', 'lastLoginAt'] as const;
/**
 * GET /admin/users. `q`: username, e-mail or name (contains, any case). `emailVerified`: true/false.
 * `kyc`: creators whose verification is in that state. `country`: ISO code. `createdFrom`/`createdTo`:
 * the sign-up date (a date-only `createdTo` includes that day, UTC). Newest sign-up first by default.
 */
export const adminUserQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(ADMIN_USER_SORTS, 'createdAt'),
  role: z.enum(ADMIN_USER_ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  emailVerified: queryBoolean.optional(),
  kyc: verificationStatusSchema.optional(),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'A two-letter country code').optional(),
  createdFrom: dateQuerySchema,
  createdTo: dateQuerySchema,
});
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

/** One account in the operator's list. `kyc`: the creator's verification state (null for fans). */
export const adminUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string(),
  isPerformer: z.boolean(),
  isAdmin: z.boolean(),
  status: z.enum(USER_STATUSES),
  verifiedEmail: z.boolean(),
  kyc: verificationStatusSchema.nullable(),
  country: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** A fan's money: wallet balance, what they paid creators (refunds netted out), items bought, running subscriptions. */
export const fanMoneySchema = z.object({
  kind: z.literal('fan'),
  balance: z.number(),
  totalSpent: z.number(),
  purchases: z.number().int(),
  activeSubscriptions: z.number().int(),
});
/**
 * A creator's money, all time: gross sales, net after commission, paid out, requested and not yet
 * paid (pending), available for a payout, subscribers whose subscription grants access, and the
 * commission rate (`commissionOverride`: the operator's override in percent, null = the site default).
 */
export const creatorMoneySchema = z.object({
  kind: z.literal('creator'),
  gross: z.number(),
  net: z.number(),
  paidOut: z.number(),
  pending: z.number(),
  available: z.number(),
  activeSubscribers: z.number().int(),
  commissionOverride: z.number().nullable(),
  siteCommission: z.number(),
});
export const moneySummarySchema = z.discriminatedUnion('kind', [fanMoneySchema, creatorMoneySchema]);
export type FanMoney = z.infer<typeof fanMoneySchema>;
export type CreatorMoney = z.infer<typeof creatorMoneySchema>;
export type MoneySummary = z.infer<typeof moneySummarySchema>;

/** GET /admin/users/{id}: the account, how it signs in (never secrets), and its money summary. */
export const adminUserDetailSchema = adminUserSchema.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  gender: z.string().nullable(),
  roles: z.array(z.string()),
  hasPassword: z.boolean(),
  google: z.boolean(),
  twitter: z.boolean(),
  money: moneySummarySchema,
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** Every action's reason: kept in the audit log. */
export const adminReasonSchema = z.object({ reason: z.string().trim().min(3, 'Give a reason (at least 3 characters)').max(500) });
export type AdminReasonInput = z.infer<typeof adminReasonSchema>;
/** PUT /admin/users/{id}/admin: grant (`admin: true`) or revoke the operator role. */
export const adminRoleSchema = adminReasonSchema.extend({ admin: z.boolean() });
export type AdminRoleInput = z.infer<typeof adminRoleSchema>;

/** The refusals of the Users actions (422 unless said otherwise). */
export const ADMIN_USER_MESSAGES = {
  notSelf: 'You cannot do this to your own account',
  lastAdmin: 'This is the last active administrator: grant the role to someone else first',
  alreadySuspended: 'This account is already suspended',
  notSuspended: 'This account is not suspended',
  noEmail: 'This account has no e-mail address to send a reset link to',
  suspendedNoReset: 'Reactivate this account before forcing a password reset',
  alreadyAdmin: 'This account is already an administrator',
  notAdmin: 'This account is not an administrator',
} as const;
