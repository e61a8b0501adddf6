import '../zod-config';
import { z } from 'zod';
import { envelope, idOrUsernameParamSchema, idParams, listEnvelope, uuidParamSchema } from '../api';
import { MESSAGES } from '../messages';
import { performerProfileSchema, publicUserSchema, updatePerformerSchema } from '../users';
import { approveVerificationSchema, rejectVerificationSchema, verificationItemSchema, verificationQuerySchema } from '../verification';
import { defineRoutes } from './define';

const profileReply = z.object({ data: performerProfileSchema });
const urlReply = z.object({ data: z.object({ url: z.string() }) });
/** A creator's uploaded (private) document. */
export const performerDocumentSchema = z.object({ _id: z.string(), kind: z.string(), name: z.string(), url: z.string(), createdAt: z.string() });

/**
 * Spec §7 Performers: the creator's own profile, uploads and documents; public creator profiles;
 * the operator's verification (KYC) queue (entries tagged admin).
 */
export const performers = {
  ...defineRoutes('performers', {
    me: {
      method: 'GET',
      path: '/performers/me',
      access: 'performer',
      description: "The calling creator's profile.",
      schema: { response: { 200: profileReply } },
    },
    update: {
      method: 'PUT',
      path: '/performers/me',
      access: 'performer',
      description:
        'Profile and creator fields; answers the profile in `data` and `message: "Changes saved"`. `password` is refused (400): use PUT /auth/users/me/password. A different `email` works as in PUT /users (needs `currentPassword`, confirmed by a mailed link; `pendingEmail` in the answer).',
      schema: { body: updatePerformerSchema, response: { 200: profileReply.extend({ message: z.literal(MESSAGES.changesSaved), pendingEmail: z.string().optional() }) } },
    },
    uploadAvatar: {
      method: 'POST',
      path: '/performers/avatar/upload',
      access: 'performer',
      description: 'The creator\'s avatar: one image in the `avatar` (or `file`) field.',
      schema: { consumes: ['multipart/form-data'], response: { 200: urlReply } },
    },
    uploadCover: {
      method: 'POST',
      path: '/performers/cover/upload',
      access: 'performer',
      description: 'The creator\'s cover image: one image in the `cover` (or `file`) field.',
      schema: { consumes: ['multipart/form-data'], response: { 200: urlReply } },
    },
    uploadWelcomeVideo: {
      method: 'POST',
      path: '/performers/welcome-video/upload',
      access: 'performer',
      description: 'The creator\'s welcome video: one video in the `welcomeVideo` (or `file`) field.',
      schema: { consumes: ['multipart/form-data'], response: { 200: urlReply } },
    },
    uploadDocument: {
      method: 'POST',
      path: '/performers/documents/upload',
      access: 'performer',
      description: 'Field `file` (image or PDF) and optional `kind` (idVerification | documentVerification | other; default other; anything else → 400). Private: only the owner and admins can read it. After a rejected verification, a new idVerification or documentVerification puts the creator back in the verification queue (pending).',
      schema: { consumes: ['multipart/form-data'], response: { 200: z.object({ data: performerDocumentSchema }) } },
    },
    document: {
      method: 'GET',
      path: '/performers/documents/:fileId',
      access: 'user',
      description: 'A short-lived signed URL to a private document; owner or admin only (404 otherwise). An operator opening a creator\'s document is audited (`kyc.read`).',
      operatorRead: true,
      schema: { params: idParams('fileId'), response: { 200: z.object({ data: z.object({ url: z.string(), expiresIn: z.number() }) }) } },
    },
    profile: {
      method: 'GET',
      path: '/performers/:id',
      access: 'anyone',
      description: 'A creator by id or username (`verified`: an operator approved their identity); 404 for fans and unknown ids.',
      schema: { params: idOrUsernameParamSchema, response: { 200: z.object({ data: publicUserSchema }) } },
    },
  }),
  ...defineRoutes('admin', {
    verifications: {
      method: 'GET',
      path: '/admin/verifications',
      access: 'admin',
      description:
        'The creator verification queue: creators by verification status (status filter; all when absent), oldest submission first (sort asc, sortBy submittedAt|reviewedAt), q over name, username and e-mail. Each row carries the newest ID document and selfie as signed URLs valid 5 minutes (operators only): handing them out is an audited read (`kyc.read`, subjects: the creators whose pictures the page carries).',
      operatorRead: true,
      schema: { querystring: verificationQuerySchema, response: { 200: listEnvelope(verificationItemSchema) } },
    },
    approveVerification: {
      method: 'POST',
      path: '/admin/verifications/:id/approve',
      access: 'admin',
      description:
        'Approve a creator (id = the creator\'s user id): they may then publish paid content, sell, be paid and request payouts. Optional `note`. Audited (kyc.approve); the creator is notified in the app and by e-mail. Unknown or not a creator → 404; already approved → 409.',
      schema: { params: uuidParamSchema, body: approveVerificationSchema, response: { 200: envelope(verificationItemSchema) } },
    },
    rejectVerification: {
      method: 'POST',
      path: '/admin/verifications/:id/reject',
      access: 'admin',
      description:
        'Reject a creator\'s documents with a `reason` (required, shown to the creator, who may upload new documents: that puts them back in the queue). Also revokes an earlier approval. Audited (kyc.reject); the creator is notified in the app and by e-mail. Unknown or not a creator → 404; already rejected → 409.',
      schema: { params: uuidParamSchema, body: rejectVerificationSchema, response: { 200: envelope(verificationItemSchema) } },
    },
  }),
};
