import './zod-config';
import { z } from 'zod';
import { tokenResponseSchema } from './users';

/** Two-factor authentication (TOTP, RFC 6238: 6 digits, 30-second steps) and its recovery codes. */

export const TWO_FACTOR_CODE_LENGTH = 6;
export const RECOVERY_CODE_COUNT = 10;
/**
 * Wrong codes (TOTP or recovery) one sign-in challenge takes before it is over, and one client
 * address may send in 15 minutes (any account) before its every code attempt answers 429.
 */
export const TWO_FACTOR_MAX_FAILURES = 5;
/**
 * Wrong authenticator (TOTP) codes per account in 15 minutes, from any address, before the
 * account's authenticator codes answer 429 — its recovery codes still sign in (apps/api auth README).
 */
export const TWO_FACTOR_ACCOUNT_MAX_FAILURES = 10;
/** How long the step between the password and the code lasts. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

/** Texts the API answers and the web shows as they are. */
export const TWO_FACTOR_MESSAGES = {
  codeInvalid: 'This code is not valid. Check the code in your authenticator app and try again.',
  codeReused: 'This code was already used. Wait for the next code in your authenticator app.',
  recoveryCodeInvalid: 'This recovery code is not valid or was already used.',
  proofMissing: 'Enter the code from your authenticator app or a recovery code',
  challengeExpired: 'Your sign-in took too long or was already finished. Please log in again.',
  challengeExhausted: 'Too many wrong codes for this sign-in. Please log in again.',
  tooManyFromAddress: 'Too many wrong codes from your network. Please wait 15 minutes and try again.',
  accountLocked: 'Too many wrong authenticator codes for this account. Sign in with a recovery code, or wait 15 minutes and try again.',
  tooManyCodes: 'Too many wrong codes. Please wait 15 minutes and try again.',
  alreadyEnabled: 'Two-factor authentication is already on',
  notEnabled: 'Two-factor authentication is not on',
  noEnrolment: 'Start the setup first: a new QR code is needed',
  adminRequired: 'Set up two-factor authentication to use the operator console',
  payoutRequired: 'Set up two-factor authentication on your account page before requesting a payout or changing your payout details',
} as const;

/** A TOTP code as typed: spaces are ignored ("123 456"). */
export const totpCodeSchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));
/** A recovery code as typed (case, spaces and dashes do not matter). */
export const recoveryCodeSchema = z.string().trim().min(8, 'Enter a recovery code').max(40);

/** Proof of the second factor: a TOTP `code` or a `recoveryCode` (exactly one; the API answers 400 on `code` for neither). */
export const twoFactorProofSchema = z.object({
  code: totpCodeSchema.optional(),
  recoveryCode: recoveryCodeSchema.optional(),
});
export type TwoFactorProof = z.infer<typeof twoFactorProofSchema>;

/** POST /auth/login/2fa: the challenge from the password step (or a social sign-in) and a proof. */
export const twoFactorLoginSchema = twoFactorProofSchema.extend({ challenge: z.string().min(10).max(200) });
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginSchema>;

/** POST /auth/2fa/enable and /auth/2fa/recovery-codes: a current TOTP code. */
export const twoFactorCodeSchema = z.object({ code: totpCodeSchema });

/** What the password step (or a social sign-in) answers for an account with two-factor authentication on. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresAt: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** The answer of a sign-in: a session, or (two-factor accounts) the challenge of the code step. */
export const loginAnswerSchema = z.union([tokenResponseSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /auth/2fa/setup: a new (not yet active) secret, shown only now. */
export const twoFactorSetupSchema = z.object({
  /** Base32 secret for manual entry in the app. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code (PNG data URL). */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** GET /auth/2fa. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** A setup was started and not confirmed yet. */
  pending: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** New recovery codes: shown once, never again (only their hashes are stored). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
