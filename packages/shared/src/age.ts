import './zod-config';
import { z } from 'zod';
import { listQuerySchema, sortBySchema } from './api';

/**
 * Age assurance by country (issue 28 §1; rules: apps/api/src/modules/legal/README.md "Age
 * assurance"). The operator lists the places (`ageVerificationPlaces`) where fans verify their age
 * before seeing adult content; there a fan verifies through a provider (`manual`: an ID photo and a
 * selfie an operator reviews; `webhook`: an outside service), and until approved, adult profiles
 * and their content are withheld from them.
 */
export const AGE_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type AgeStatus = (typeof AGE_STATUSES)[number];
export const AGE_PROVIDERS = ['manual', 'webhook'] as const;
export type AgeProvider = (typeof AGE_PROVIDERS)[number];
/** The queue's statuses (an account without a request is never in it). */
export const AGE_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** A listed place: an ISO country (`GB`) or a region of one (`US-UT`, ISO 3166-2). */
export const AGE_PLACE_PATTERN = /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/;
export const agePlaceSchema = z.string().trim().toUpperCase().regex(AGE_PLACE_PATTERN, 'A country code (GB) or a region code (US-UT)');

/**
 * THE place rule: where a viewer is, for age assurance. A listed country matches its own code; a
 * listed region (`US-UT`) matches its country too (strict: neither the offline country database nor
 * an account tells a region, so every place of that country verifies). Age verification is required
 * when EITHER the account's country OR the request address's country is listed — moving the browser
 * or editing the profile alone does not escape it. Unknown (null) places match nothing.
 */
export function placeListed(places: readonly string[], country: string | null | undefined): boolean {
  if (!country) return false;
  const c = country.toUpperCase();
  return places.some((p) => p === c || p.slice(0, 2) === c);
}
export function ageVerificationRequired(places: readonly string[], where: { accountCountry?: string | null; requestCountry?: string | null }): boolean {
  return places.length > 0 && (placeListed(places, where.accountCountry) || placeListed(places, where.requestCountry));
}

/**
 * THE withholding decision for one viewer: adult profiles and their content are withheld from a
 * viewer in a listed place who is not a creator, not an operator, and not approved. Creators and
 * operators are exempt (a creator's own content is always theirs to see).
 */
export function ageRestricted(v: { required: boolean; exempt: boolean; status: AgeStatus }): boolean {
  return v.required && !v.exempt && v.status !== 'approved';
}

/** What a viewer is told about age assurance (GET /age-verification). */
export const ageVerificationStateSchema = z.object({
  /** The viewer is in a listed place (account or address). */
  required: z.boolean(),
  /** Adult content is withheld from the viewer right now. */
  restricted: z.boolean(),
  status: z.enum(AGE_STATUSES),
  /** The provider the site verifies through (configured: AGE_VERIFIER). */
  provider: z.enum(AGE_PROVIDERS),
  /** The reason of a rejection, shown to the fan. */
  reason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Signed in (a visitor must sign in to verify). */
  signedIn: z.boolean(),
  /** A creator: their profile is marked adult (null for others). */
  adultProfile: z.boolean().nullable(),
});
export type AgeVerificationState = z.infer<typeof ageVerificationStateSchema>;

/** POST /age-verification/session → where to send the fan (the provider's page). */
export const ageSessionSchema = z.object({ url: z.string() });
export type AgeSession = z.infer<typeof ageSessionSchema>;

/** The provider's call back (POST /age-verification/webhook), signed with the shared secret. */
export const ageWebhookBodySchema = z.object({
  session: z.string().trim().min(1).max(200),
  result: z.enum(['approved', 'rejected']),
  reason: z.string().trim().max(1000).optional(),
});
export type AgeWebhookBody = z.infer<typeof ageWebhookBodySchema>;
/** The header carrying `sha256=<hex HMAC of the raw body>`. */
export const AGE_SIGNATURE_HEADER = 'x-age-signature';

export const AGE_SORTS = ['submittedAt', 'decidedAt'] as const;
export const ageQueueQuerySchema = listQuerySchema.extend({
  sort: z.enum(['asc', 'desc']).default('asc'),
  sortBy: sortBySchema(AGE_SORTS, 'submittedAt'),
  status: z.enum(AGE_REVIEW_STATUSES).optional(),
});
export type AgeQueueQuery = z.infer<typeof ageQueueQuerySchema>;

const picture = z.object({ url: z.string(), mimeType: z.string() }).nullable();
/** One request in the console's queue (/admin/age-verifications). */
export const ageReviewItemSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  country: z.string().nullable(),
  provider: z.enum(AGE_PROVIDERS),
  status: z.enum(AGE_REVIEW_STATUSES),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Signed for 5 minutes; null once deleted (after the decision, per `ageDocumentRetentionDays`). */
  idPhoto: picture,
  selfie: picture,
  filesDeletedAt: z.string().nullable(),
});
export type AgeReviewItem = z.infer<typeof ageReviewItemSchema>;

/** PUT /age-verification/adult-profile: a creator marks their profile (and so all its content) adult. */
export const adultProfileSchema = z.object({ adult: z.boolean() });
export type AdultProfileInput = z.infer<typeof adultProfileSchema>;

export const rejectAgeSchema = z.object({ reason: z.string().trim().min(1, 'Give the reason the fan will see').max(1000) });
export type RejectAgeInput = z.infer<typeof rejectAgeSchema>;

export const AGE_MESSAGES = {
  verifyToSee: "Verify your age to see this creator's content",
  alreadyPending: 'Your age verification is already waiting for review',
  alreadyApproved: 'Your age is already verified',
  notRequired: 'Age verification is not asked where you are',
  wrongProvider: 'This site verifies ages through another provider',
  badSignature: 'Invalid signature',
  unknownSession: 'Unknown verification session',
  restrictedCode: 'age_verification_required',
} as const;
