import '../zod-config';
import { envelope, okSchema, uuidParamSchema } from '../api';
import { adminReasonSchema } from '../admin-users';
import { deleteAccountSchema, privacyDownloadQuerySchema, privacyDownloadSchema, privacyExportSchema, privacyExportStateSchema } from '../privacy';
import { defineRoutes } from './define';

/** Issue 28 §5 Personal data (modules/privacy): export and account deletion, the user's and the operator's. */
export const privacy = defineRoutes('privacy', {
  exportState: {
    method: 'GET',
    path: '/privacy/exports',
    access: 'user',
    description: "The caller's latest data export (pending, ready with its expiry, failed or expired), or null.",
    schema: { response: { 200: envelope(privacyExportStateSchema) } },
  },
  requestExport: {
    method: 'POST',
    path: '/privacy/exports',
    access: 'user',
    description:
      'Asks for a ZIP of everything the platform holds about the caller, prepared by a job and announced by notification and e-mail. One at a time: while one is pending → 409.',
    schema: { response: { 201: envelope(privacyExportSchema) } },
  },
  downloadLink: {
    method: 'POST',
    path: '/privacy/exports/:id/link',
    access: 'user',
    description: "A signed link (5 minutes) to the ready ZIP. Only its owner: another user's export → 404; not ready → 409; expired → 410.",
    schema: { params: uuidParamSchema, response: { 200: envelope(privacyDownloadSchema) } },
  },
  download: {
    method: 'GET',
    path: '/privacy/exports/:id/file',
    access: 'anyone',
    description: "The ZIP itself, through the signed link only (`token` in the query: bound to this export and its owner; tampered → 403, older than 5 minutes → 410).",
    schema: { params: uuidParamSchema, querystring: privacyDownloadQuerySchema },
  },
  deleteAccount: {
    method: 'POST',
    path: '/privacy/delete-account',
    access: 'user',
    description:
      'Deletes the caller\'s account: sessions end, the profile is anonymised and content removed, financial records kept. Password (400 on `password`) and the 2FA code when on (400 on `code`). A creator with a positive balance → 422 "Request a payout of your balance first". The last active administrator → 422.',
    schema: { body: deleteAccountSchema, response: { 200: envelope(okSchema) } },
  },
  adminExport: {
    method: 'POST',
    path: '/admin/users/:id/privacy-export',
    access: 'admin',
    description: "Prepares a data export of the user on their request (reason required, audited `privacy.export`). The user gets it on their account page, as if they had asked; 409 while one is pending.",
    schema: { params: uuidParamSchema, body: adminReasonSchema, response: { 201: envelope(privacyExportSchema) } },
  },
  adminDelete: {
    method: 'POST',
    path: '/admin/users/:id/delete',
    access: 'admin',
    description: "Deletes the user's account on their request (reason required, audited `privacy.delete`). Yourself → 422; a creator with a positive balance → 422; already deleted → 409.",
    schema: { params: uuidParamSchema, body: adminReasonSchema, response: { 200: envelope(okSchema) } },
  },
});
