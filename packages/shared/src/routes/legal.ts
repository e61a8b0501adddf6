import '../zod-config';
import { z } from 'zod';
import { envelope } from '../api';
import { acceptLegalSchema, adminLegalDocumentSchema, legalDocumentsAnswerSchema, legalPendingSchema, publishLegalSchema } from '../legal';
import { defineRoutes } from './define';

/**
 * Issue 28 §1 Age and terms (modules/legal): the current Terms of Service and Privacy Policy, their
 * acceptance by signed-in accounts, and the operator publishing a new version.
 */
export const legal = defineRoutes('legal', {
  documents: {
    method: 'GET',
    path: '/legal/documents',
    access: 'anyone',
    termsGate: false,
    description:
      "The current version of each document (the static page it is, at /page/{slug}) and the operator's minimum age. A signed-in caller also gets `pending`: the documents it must accept before going on, and whether it must confirm its age with them.",
    schema: { response: { 200: envelope(legalDocumentsAnswerSchema) } },
  },
  accept: {
    method: 'POST',
    path: '/legal/accept',
    access: 'user',
    termsGate: false,
    description:
      'Accepts the current version of a document (recorded with the time and the client address). A version that is not the current one → 400 on `version`; `ageConfirmed: true` is required (400 on `ageConfirmed`) when `pending.age` says so. Answers what is still pending.',
    schema: { body: acceptLegalSchema, response: { 200: envelope(legalPendingSchema) } },
  },
  adminList: {
    method: 'GET',
    path: '/admin/legal/documents',
    access: 'admin',
    description: 'Every version ever published of each document, newest first, with how many accounts accepted it.',
    schema: { response: { 200: envelope(z.array(adminLegalDocumentSchema)) } },
  },
  adminPublish: {
    method: 'POST',
    path: '/admin/legal/documents',
    access: 'admin',
    description:
      'Publishes a new version of `kind` (the current one + 1), the published static page at `slug` (400 on `slug` when it is a draft or unknown). From then on every signed-in account that has not accepted it gets 403 `terms_required` until it does. Audited (`legal.publish`).',
    schema: { body: publishLegalSchema, response: { 201: envelope(adminLegalDocumentSchema) } },
  },
});
