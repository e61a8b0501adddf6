import '../zod-config';
import { z } from 'zod';
import { envelope, listEnvelope, uuidParamSchema } from '../api';
import { adultProfileSchema, ageQueueQuerySchema, ageReviewItemSchema, ageSessionSchema, ageVerificationStateSchema, rejectAgeSchema } from '../age';
import { defineRoutes } from './define';

/**
 * Issue 28 §1 age assurance by country (modules/legal, README "Age assurance"): a fan in a listed
 * place verifies their age (manual: ID photo + selfie reviewed in the console; webhook: an outside
 * provider), creators mark their profile adult, operators decide in the queue.
 */
export const age = defineRoutes('age', {
  state: {
    method: 'GET',
    path: '/age-verification',
    access: 'anyone',
    description:
      "Whether the caller must verify their age (their account's country or their address's country is listed in `ageVerificationPlaces`), whether adult content is withheld from them now, and their verification's status. A creator also gets `adultProfile`.",
    schema: { response: { 200: envelope(ageVerificationStateSchema) } },
  },
  submitManual: {
    method: 'POST',
    path: '/age-verification/manual',
    access: 'user',
    description:
      'The built-in provider (AGE_VERIFIER=manual): multipart fields `idPhoto` and `selfie` (images), stored privately and queued for an operator. 409 while one is pending or once approved; 422 when the site verifies through the webhook provider, or when the caller is not in a listed place.',
    schema: { consumes: ['multipart/form-data'], response: { 201: envelope(ageVerificationStateSchema) } },
  },
  startSession: {
    method: 'POST',
    path: '/age-verification/session',
    access: 'user',
    description:
      "The webhook provider (AGE_VERIFIER=webhook): starts a session with the provider and answers the provider's page to send the fan to. The provider's signed call back decides. 422 with the manual provider or outside a listed place; 409 when already approved.",
    schema: { response: { 200: envelope(ageSessionSchema) } },
  },
  webhook: {
    method: 'POST',
    path: '/age-verification/webhook',
    access: 'anyone',
    termsGate: false,
    description:
      'Called by the webhook provider, not by the web: `{session, result, reason?}` signed with the shared secret (header `x-age-signature: sha256=<hex HMAC-SHA256 of the raw body>`). A wrong or missing signature → 401 and nothing is written; an unknown session → 404; a session decided already → 200 `{duplicate: true}`.',
    schema: {
      headers: z.object({ 'x-age-signature': z.string().optional() }).passthrough(),
      response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean().optional() }) },
    },
  },
  adultProfile: {
    method: 'PUT',
    path: '/age-verification/adult-profile',
    access: 'performer',
    description: "A creator marks their profile adult (or not): an adult profile and everything it publishes are withheld from fans and visitors in listed places until they verify their age.",
    schema: { body: adultProfileSchema, response: { 200: envelope(ageVerificationStateSchema) } },
  },
  adminQueue: {
    method: 'GET',
    path: '/admin/age-verifications',
    access: 'admin',
    description: 'The age verification requests, oldest pending first by default, with the ID photo and selfie as 5-minute signed URLs (null once deleted): handing them out is an audited read (`kyc.read`, subjects: the fans whose pictures the page carries).',
    operatorRead: true,
    schema: { querystring: ageQueueQuerySchema, response: { 200: listEnvelope(ageReviewItemSchema) } },
  },
  adminApprove: {
    method: 'POST',
    path: '/admin/age-verifications/:id/approve',
    access: 'admin',
    description: 'Approves a pending request: the fan sees adult content from their next request, is notified, and the pictures are deleted now or after `ageDocumentRetentionDays`. Audited (`age.approve`). 409 when not pending.',
    schema: { params: uuidParamSchema, response: { 200: envelope(ageReviewItemSchema) } },
  },
  adminReject: {
    method: 'POST',
    path: '/admin/age-verifications/:id/reject',
    access: 'admin',
    description: 'Rejects a pending request with the reason the fan is shown (they may send new pictures). Audited (`age.reject`); the fan is notified; pictures deleted per `ageDocumentRetentionDays`. 409 when not pending.',
    schema: { params: uuidParamSchema, body: rejectAgeSchema, response: { 200: envelope(ageReviewItemSchema) } },
  },
});
