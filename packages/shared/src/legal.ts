import './zod-config';
import { z } from 'zod';
import { slugSchema } from './site';
import { LEGAL_KINDS, LEGAL_MESSAGES } from './legal-rules';

/**
 * Age and terms (issue 28 §1): the versions of the Terms of Service and the Privacy Policy the
 * operator publishes, every account's acceptance of them, and the age every account confirms.
 * Rules: apps/api/src/modules/legal/README.md.
 */

/**
 * A sign-up confirmation: must be `true`. Multipart forms send it as the text "true". Missing or
 * anything else → the field's message.
 */
const mustBeTrue = (message: string) =>
  z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: message }).refine((v) => v, { message }));

/** The two confirmations every sign-up (form, Google, X) carries. */
export const signUpConsentShape = {
  ageConfirmed: mustBeTrue(LEGAL_MESSAGES.ageNotConfirmed),
  acceptTerms: mustBeTrue(LEGAL_MESSAGES.termsNotAccepted),
};
/** The same on a social sign-in, optional: needed only when the sign-in creates the account. */
export const socialConsentShape = {
  ageConfirmed: z.boolean().optional(),
  acceptTerms: z.boolean().optional(),
};

/** A published version of a document, as everyone reads it (the page at /page/{slug}). */
export const legalDocumentSchema = z.object({
  kind: z.enum(LEGAL_KINDS),
  version: z.number().int(),
  slug: z.string(),
  /** The page's title (its slug when the page is gone). */
  title: z.string(),
  publishedAt: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** What a signed-in caller still has to accept before going on (the gate's answer). */
export const legalPendingSchema = z.object({
  kinds: z.array(z.enum(LEGAL_KINDS)),
  /** The account never confirmed the current minimum age: the acceptance must carry `ageConfirmed`. */
  age: z.boolean(),
});

/** GET /legal/documents. */
export const legalDocumentsAnswerSchema = z.object({
  documents: z.array(legalDocumentSchema),
  minimumAge: z.number().int(),
  /** Signed-in callers: what they must accept now (null for visitors; empty kinds when nothing). */
  pending: legalPendingSchema.nullable(),
});
export type LegalDocumentsAnswer = z.infer<typeof legalDocumentsAnswerSchema>;

/** POST /legal/accept. */
export const acceptLegalSchema = z.object({
  kind: z.enum(LEGAL_KINDS),
  version: z.number().int().min(1),
  ageConfirmed: z.boolean().optional(),
});
export type AcceptLegalInput = z.infer<typeof acceptLegalSchema>;

/** POST /admin/legal/documents: a new version of `kind`, the page at `slug` (published). */
export const publishLegalSchema = z.object({ kind: z.enum(LEGAL_KINDS), slug: slugSchema });
export type PublishLegalInput = z.infer<typeof publishLegalSchema>;

/** A version as the console lists it: every one ever published, newest first. */
export const adminLegalDocumentSchema = legalDocumentSchema.extend({
  _id: z.string(),
  current: z.boolean(),
  /** How many accounts accepted this version. */
  acceptances: z.number().int(),
});
export type AdminLegalDocument = z.infer<typeof adminLegalDocumentSchema>;
