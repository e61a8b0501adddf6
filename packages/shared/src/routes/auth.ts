import '../zod-config';
import { z } from 'zod';
import { okSchema } from '../api';
import {
  confirmEmailChangeSchema, currentUserSchema, forgotPasswordSchema, googleLoginSchema, googleTokenSchema, loginSchema, registerUserSchema,
  resendVerificationSchema, resetPasswordSchema, tokenResponseSchema, twitterCallbackSchema, twitterLoginSchema, updatePasswordSchema, verifyEmailAnswerSchema, verifyEmailSchema,
} from '../users';
import {
  loginAnswerSchema, recoveryCodesSchema, twoFactorCodeSchema, twoFactorLoginSchema, twoFactorProofSchema, twoFactorSetupSchema, twoFactorStatusSchema,
} from '../two-factor';
import { defineRoutes } from './define';

/** The answer to every accepted registration (a taken e-mail gets the same one). */
export const registeredSchema = z.object({ data: z.object({ user: currentUserSchema, verificationRequired: z.boolean(), message: z.string() }) });
const ok = { 200: z.object({ data: okSchema }) };
const tokenAnswer = { 200: z.object({ data: tokenResponseSchema }) };
/** A sign-in's answer: a session, or `{twoFactorRequired: true, challenge, expiresAt}` for a two-factor account. */
const loginAnswer = { 200: z.object({ data: loginAnswerSchema }) };
const TWO_FACTOR_STEP = ' For an account with two-factor authentication on, the answer is `{twoFactorRequired: true, challenge, expiresAt}` (no session): POST /auth/login/2fa with the challenge and a code opens the session.';

/** Spec §7 Auth: registration, sign-in (password and social), e-mail verification, password and e-mail changes. */
export const auth = defineRoutes('auth', {
  registerUser: {
    method: 'POST',
    path: '/auth/users/register',
    access: 'anyone',
    description: 'A taken username → 409 (field `username`). A taken e-mail is not revealed: the answer is the one a new account gets, and that address is mailed a notice instead (see the auth README).',
    schema: { body: registerUserSchema, response: { 201: registeredSchema } },
  },
  registerPerformer: {
    method: 'POST',
    path: '/auth/performers/register',
    access: 'anyone',
    description: 'Multipart: the fields of registerPerformerSchema, plus files `documentVerification` (photo of an ID document) and `idVerification` (selfie holding it), images or PDF up to 15 MB. Account, profile and documents are written together or not at all.',
    schema: { consumes: ['multipart/form-data'], response: { 201: registeredSchema } },
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    access: 'anyone',
    description: `\`username\` is a username or an e-mail. Token lifetime: 365 days with remember, else 1 day.${TWO_FACTOR_STEP}`,
    schema: { body: loginSchema, response: loginAnswer },
  },
  loginTwoFactor: {
    method: 'POST',
    path: '/auth/login/2fa',
    access: 'anyone',
    description:
      'The code step of a two-factor sign-in: `challenge` (from /auth/login or a social sign-in, valid 5 minutes, once) with `code` (6 digits from the authenticator app; a code is accepted once: the same one again → 401) or `recoveryCode` (each works once). Answers the session, with the lifetime the password step asked for. A wrong code → 401; after 5 wrong codes in 15 minutes for the account, every code attempt → 429. An expired or used challenge → 401.',
    schema: { body: twoFactorLoginSchema, response: tokenAnswer },
  },
  twoFactorStatus: {
    method: 'GET',
    path: '/auth/2fa',
    access: 'user',
    description: "The caller's two-factor authentication: on or not, a setup waiting for its code, how many recovery codes are left.",
    schema: { response: { 200: z.object({ data: twoFactorStatusSchema }) } },
  },
  twoFactorSetup: {
    method: 'POST',
    path: '/auth/2fa/setup',
    access: 'user',
    description:
      'Starts (or restarts) the setup: a new secret with its otpauth URL and QR code, shown only in this answer and not active until confirmed with POST /auth/2fa/enable. 409 when two-factor authentication is already on.',
    schema: { response: { 200: z.object({ data: twoFactorSetupSchema }) } },
  },
  twoFactorEnable: {
    method: 'POST',
    path: '/auth/2fa/enable',
    access: 'user',
    description:
      "Confirms the setup with a current code: two-factor authentication is on, the account's other sessions end (the calling one stays), and the answer carries 10 recovery codes, shown only now. Wrong code → 400 on `code` (counted: 5 wrong codes in 15 minutes → 429); no setup started → 409.",
    schema: { body: twoFactorCodeSchema, response: { 200: z.object({ data: recoveryCodesSchema }) } },
  },
  twoFactorDisable: {
    method: 'POST',
    path: '/auth/2fa/disable',
    access: 'user',
    description: 'Turns two-factor authentication off with a current `code` or a `recoveryCode` (wrong → 400, counted like the sign-in: 429 after 5 in 15 minutes). The secret and recovery codes are deleted. An administrator then loses the operator console and a creator payouts until it is on again.',
    schema: { body: twoFactorProofSchema, response: ok },
  },
  twoFactorRecoveryCodes: {
    method: 'POST',
    path: '/auth/2fa/recovery-codes',
    access: 'user',
    description: 'Replaces the recovery codes with 10 new ones (shown only now) after a current code; the old ones stop working. 409 when two-factor authentication is off.',
    schema: { body: twoFactorCodeSchema, response: { 200: z.object({ data: recoveryCodesSchema }) } },
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    access: 'user',
    termsGate: false,
    description: 'Revokes the calling session (also while new terms wait to be accepted).',
    schema: { response: ok },
  },
  resendVerification: {
    method: 'POST',
    path: '/auth/email-verification',
    access: 'anyone',
    description: 'Queues a new verification link. Same answer, in the same time, whether or not the address exists (the lookup and mail run in a background job).',
    schema: { body: resendVerificationSchema, response: ok },
  },
  verifyEmail: {
    method: 'POST',
    path: '/auth/email-verification/verify',
    access: 'anyone',
    description: 'Verifies the address with the token of the mailed link. A link of an address verified already (opened twice, replaced, expired) answers alreadyVerified: true with a message; an unknown one 400.',
    schema: { body: verifyEmailSchema, response: { 200: z.object({ data: verifyEmailAnswerSchema, message: z.string().optional() }) } },
  },
  forgotPassword: {
    method: 'POST',
    path: '/auth/users/forgot',
    access: 'anyone',
    description: 'Queues a single-use reset link valid for one hour. Same answer, in the same time, whether or not the address exists (the lookup and mail run in a background job).',
    schema: { body: forgotPasswordSchema, response: ok },
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/users/reset-password',
    access: 'anyone',
    description: 'Sets a new password with the token of the mailed reset link.',
    schema: { body: resetPasswordSchema, response: ok },
  },
  changePassword: {
    method: 'PUT',
    path: '/auth/users/me/password',
    access: 'user',
    description: "The only way to change the password while signed in. Needs `currentPassword` when the account has a password (attempts limited per user: RATE_LIMIT_PASSWORD_MAX per 15 minutes, then 429). Revokes every session, the calling one included, and answers a fresh token with the calling session's lifetime (remembered or not).",
    schema: { body: updatePasswordSchema, response: tokenAnswer },
  },
  confirmEmailChange: {
    method: 'POST',
    path: '/auth/email-change/confirm',
    access: 'anyone',
    description: 'Applies an e-mail change with the token mailed to the new address (PUT /users or /performers/me asked for it). Single use, valid 1 day; 400 otherwise; 409 if the address was taken meanwhile. The old address is told.',
    schema: { body: confirmEmailChangeSchema, response: ok },
  },
  googleLogin: {
    method: 'POST',
    path: '/auth/google/login',
    access: 'anyone',
    description: `\`credential\`: the ID token from Google Identity Services, verified against Google's keys with our client id as audience. Links or creates the account (see modules/auth/README.md). 400 when Google sign-in is not enabled, 401 when the token does not verify.${TWO_FACTOR_STEP}`,
    schema: { body: googleLoginSchema, response: loginAnswer },
  },
  googleToken: {
    method: 'POST',
    path: '/auth/google/token',
    access: 'anyone',
    description: `Authorization-code flow: the code is exchanged at Google (with the client secret) and the returned ID token verified as in /auth/google/login. \`redirectUri\` is the one the code was issued for (\`postmessage\` for the GIS popup).${TWO_FACTOR_STEP}`,
    schema: { body: googleTokenSchema, response: loginAnswer },
  },
  twitterLogin: {
    method: 'POST',
    path: '/auth/twitter/login',
    access: 'anyone',
    description: 'Starts OAuth 1.0a: answers the Twitter address to send the browser to. Twitter comes back to `callbackUrl` with `oauth_token` and `oauth_verifier` (valid 15 minutes, once).',
    schema: { body: twitterLoginSchema, response: { 200: z.object({ data: z.object({ url: z.string() }) }) } },
  },
  twitterCallback: {
    method: 'POST',
    path: '/auth/twitter/callback',
    access: 'anyone',
    description: `Finishes OAuth 1.0a with the parameters Twitter added to the callback address. 400 when the request token is unknown, used or expired. The role chosen at /auth/twitter/login applies.${TWO_FACTOR_STEP}`,
    schema: { body: twitterCallbackSchema, response: loginAnswer },
  },
});
