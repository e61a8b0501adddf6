import './zod-config';
import { z } from 'zod';

/** Issue 28 §5 Personal data (modules/privacy): a user's data export and account deletion. */
export const PRIVACY_EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;
export type PrivacyExportStatus = (typeof PRIVACY_EXPORT_STATUSES)[number];

/** Days a ready export can be downloaded before the sweep deletes its file. */
export const PRIVACY_EXPORT_DAYS = 7;

export const privacyExportSchema = z.object({
  _id: z.string(),
  status: z.enum(PRIVACY_EXPORT_STATUSES),
  /** True when an operator asked for it on the user's behalf. */
  byOperator: z.boolean(),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Size of the ZIP in bytes once ready. */
  size: z.number().int().nullable(),
});
export type PrivacyExport = z.infer<typeof privacyExportSchema>;

/** The caller's latest export (null when none was ever asked for). */
export const privacyExportStateSchema = z.object({ latest: privacyExportSchema.nullable() });
export type PrivacyExportState = z.infer<typeof privacyExportStateSchema>;

/** The signed link's token. */
export const privacyDownloadQuerySchema = z.object({ token: z.string().min(1).max(300) });

/** A short-lived link to the ZIP, for its owner only. */
export const privacyDownloadSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type PrivacyDownload = z.infer<typeof privacyDownloadSchema>;

export const PRIVACY_MESSAGES = {
  exportRunning: 'An export is already being prepared',
  exportNotReady: 'This export is not ready',
  exportExpired: 'This export has expired: request a new one',
  settleBalance: 'Request a payout of your balance first',
  disputeOpen: 'One of your card payments is disputed with your bank: the account can be deleted once the bank has decided it',
  confirmText: 'Type DELETE to confirm',
} as const;

/** The user's own deletion: the password (when the account has one), the 2FA code when it is on, and the word DELETE. */
export const deleteAccountSchema = z.object({
  password: z.string().max(200).optional(),
  code: z.string().trim().max(20).optional(),
  confirm: z.literal('DELETE', { message: PRIVACY_MESSAGES.confirmText }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** Shown in place of a deleted account's name (messages it sent, comments, order history). */
export const DELETED_USER_NAME = 'Deleted user';
