import './zod-config';
import { z } from 'zod';
import { listQuerySchema, sortBySchema } from './api';

/**
 * Creator verification (KYC): a creator's identity document and selfie are reviewed by an operator.
 * `pending` from registration (and again after a re-upload following a rejection), then `approved`
 * or `rejected` (with the reason the creator is shown). Rules: apps/api/src/modules/performers/README.md.
 */
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const verificationStatusSchema = z.enum(VERIFICATION_STATUSES);
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The creator's own view of their verification (GET /performers/me `verification`). */
export const verificationStateSchema = z.object({
  status: verificationStatusSchema,
  /** The operator's reason for a rejection (or note on an approval); null when none. */
  note: z.string().nullable(),
  /** When the documents were last submitted (registration or re-upload). */
  submittedAt: z.string(),
  /** When an operator last decided (approved or rejected); null while never reviewed. */
  reviewedAt: z.string().nullable(),
  /** Whether the site currently requires approval before selling (setting requireCreatorVerification). */
  required: z.boolean(),
  /** Whether the creator may sell now: approved, or verification not required. */
  canSell: z.boolean(),
});
export type VerificationState = z.infer<typeof verificationStateSchema>;

export const VERIFICATION_SORTS = ['submittedAt', 'reviewedAt'] as const;
/** GET /admin/verifications: oldest submission first by default (a queue). `q`: name, username or e-mail. */
export const verificationQuerySchema = listQuerySchema.extend({
  sort: z.enum(['asc', 'desc']).default('asc'),
  sortBy: sortBySchema(VERIFICATION_SORTS, 'submittedAt'),
  status: verificationStatusSchema.optional(),
});
export type VerificationQuery = z.infer<typeof verificationQuerySchema>;

/** One identity picture in the queue: a short-lived signed URL (operators only). */
export const verificationDocumentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  url: z.string(),
  createdAt: z.string(),
});

/** A row of the operator's verification queue. */
export const verificationItemSchema = z.object({
  performerId: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string(),
  status: verificationStatusSchema,
  note: z.string().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewer: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The newest ID document photo (`documentVerification`) and selfie (`idVerification`); null when missing. */
  document: verificationDocumentSchema.nullable(),
  selfie: verificationDocumentSchema.nullable(),
});
export type VerificationItem = z.infer<typeof verificationItemSchema>;

/** POST /admin/verifications/{id}/approve: an optional note kept with the decision. */
export const approveVerificationSchema = z.object({ note: z.string().trim().max(1000).optional() });
export type ApproveVerificationInput = z.infer<typeof approveVerificationSchema>;
/** POST /admin/verifications/{id}/reject: the reason is required (the creator is shown it). */
export const rejectVerificationSchema = z.object({ reason: z.string().trim().min(1, 'Give the reason the creator will see').max(1000) });
export type RejectVerificationInput = z.infer<typeof rejectVerificationSchema>;

/** The refusal (422) when an unverified creator tries to sell or be paid. */
export const VERIFICATION_MESSAGES = {
  creatorMustBeVerified: 'Your identity has not been verified yet. Paid content, sales and payouts open once the site team approves your documents.',
  creatorNotVerified: 'This creator cannot accept payments yet',
} as const;
