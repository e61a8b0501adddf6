/**
 * Age and terms without zod (issue 28 §1): the names, texts and THE gate rule the web's first load
 * needs (the API client reads TERMS_REQUIRED_CODE on every page), kept apart from the schemas in
 * legal.ts, which pull zod in. Rules: apps/api/src/modules/legal/README.md.
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

/** What a signed-in account still has to accept before going on (the gate's answer). */
export interface LegalPending {
  kinds: LegalKind[];
  /** The account never confirmed the current minimum age: the acceptance must carry `ageConfirmed`. */
  age: boolean;
}

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
