import './zod-config';
import { z } from 'zod';
import { slugSchema } from './site';

/**
 * Age and terms (issue 28 §1): the versions of the Terms of Service and the Privacy Policy the
 * operator publishes, every account's acceptance of them, and the age every account confirms.
 * Rules: apps/api/src/modules/legal/README.md.
 */

/** The documents an account accepts; each has a current version the operator publishes. */
export const LEGAL_KINDS = ['terms', 'privacy'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];
export const LEGAL_KIND_LABELS: Record<LegalKind, string> = { terms: 'Terms of Service', privacy: 'Privacy Policy' };

/**
 * What an account has accepted, carried on its `users` row so the session lookup brings it to the
 * gate: the version of each document, and `age`, the minimum age it confirmed being (the
 * operator's `minimumAge` at the time). A missing key: never accepted / confirmed.
 */
export type LegalAccepted = Partial<Record<LegalKind | 'age', number>>;
/** The current version of each document (0: none published yet). */
export type LegalVersions = Record<LegalKind, number>;

/**
 * The code of the 403 every signed-in call gets while the account has a document to accept (the
 * routes marked `termsGate: false` in the route map excepted): the web shows "We've updated our
 * terms" on it.
 */
export const TERMS_REQUIRED_CODE = 'terms_required';

export const LEGAL_MESSAGES = {
  ageNotConfirmed: 'Confirm that you are old enough to use this site',
  termsNotAccepted: 'Accept the Terms of Service and the Privacy Policy',
  termsRequired: "We've updated our terms: accept them to go on",
  /** A social sign-in that would create an account without the two confirmations. */
  socialSignUpConsent: 'To create an account, confirm your age and accept the Terms of Service and the Privacy Policy on the sign-up page',
  versionNotCurrent: 'This is not the current version: reload and accept the current one',
  nothingPublished: 'No version of this document is published',
  pageNotPublished: 'Publish this page first: the document must be readable by everyone',
} as const;
/** The age confirmation as the sign-up forms ask it. */
export const ageConfirmationLabel = (minimumAge: number) => `I am ${minimumAge} or older`;

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
export type LegalPending = z.infer<typeof legalPendingSchema>;

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

/**
 * THE gate rule: what an account must accept before going on. Every document whose current
 * version is newer than the one it accepted; and, when it must accept a document anyway, its age
 * if it never confirmed the current minimum age (accounts from before the rule, or after the
 * operator raised the age). Nothing published → nothing to accept.
 */
export function pendingLegal(accepted: LegalAccepted | null | undefined, current: LegalVersions, minimumAge: number): LegalPending {
  const a = accepted ?? {};
  const kinds = LEGAL_KINDS.filter((k) => current[k] > 0 && (a[k] ?? 0) < current[k]);
  return { kinds, age: kinds.length > 0 && (a.age ?? 0) < minimumAge };
}
