/** Pure pieces of the mass-message screens: the body the composer sends, status labels, the history's refresh rule. */
import type { CreateMassMessageInput, MassAudience, MassMessage, MassStatus } from '@stagepass/shared';

/* The contract's plain values (zod-free: packages/shared/src/message-defaults.ts), under the names these screens use. */
export { MASS_AUDIENCES as AUDIENCES, MASS_AUDIENCE_LABELS as AUDIENCE_LABELS, MESSAGE_TEXT_MAX as TEXT_MAX, MESSAGE_FILES_MAX as FILES_MAX } from '@stagepass/shared';

export interface MassDraft {
  audience: MassAudience;
  text?: string;
  listIds?: string[];
  /** Empty or 0: the media is free. */
  price?: number | null;
  /** Subscriber audiences: only fans on this tier or a higher one receive it (issue 30 §1). */
  minTierId?: string | null;
  /** The attached files (uploads and vault picks). */
  fileIds: string[];
  /** Send later (ISO); now when absent. */
  scheduleAt?: string;
}

/**
 * The POST /messages/broadcast-message body of a draft: the text trimmed; a price only with media
 * (and only when set); lists only for the `lists` audience; `scheduleAt` only when scheduled.
 */
export function massMessageBody(d: MassDraft): CreateMassMessageInput {
  const price = d.fileIds.length && d.price ? Number(d.price) : undefined;
  return {
    audience: d.audience,
    text: (d.text || '').trim(),
    ...(d.fileIds.length ? { fileIds: d.fileIds } : {}),
    ...(price ? { price } : {}),
    ...(d.audience === 'lists' ? { listIds: d.listIds ?? [] } : {}),
    ...(d.audience !== 'lists' && d.audience !== 'followers' && d.minTierId ? { minTierId: d.minTierId } : {}),
    ...(d.scheduleAt ? { scheduleAt: d.scheduleAt } : {}),
  };
}

export const MASS_STATUS_TAG: Record<MassStatus, { label: string; color: string }> = {
  scheduled: { label: 'Scheduled', color: 'blue' },
  sending: { label: 'Sending', color: 'gold' },
  sent: { label: 'Sent', color: 'green' },
  cancelled: { label: 'Unsent', color: 'default' },
};

/** While any row of the shown page is being delivered, the page is read again this often (no other polling). */
export const SENDING_REFRESH_MS = 4000;
export const refreshWhileSending = (latest: { data: unknown[] } | undefined): number =>
  latest?.data.some((m) => (m as Pick<MassMessage, 'status'>).status === 'sending') ? SENDING_REFRESH_MS : 0;

/** A message's text as one short line (tags dropped, spaces collapsed, cut at `n` characters). */
export function excerpt(text: string, n = 90): string {
  const plain = text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
  return plain.length > n ? `${plain.slice(0, n - 1)}…` : plain;
}
