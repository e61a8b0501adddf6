'use client';
/** Small pieces of the release screens (creator and console): status tags and labels. */
import { Tag } from 'antd';
import type { ReleaseStatus, TagStatus } from '@stagepass/shared';

export const RELEASE_STATUS_LABEL: Record<ReleaseStatus, string> = { pending: 'Pending review', approved: 'Approved', rejected: 'Rejected' };
const RELEASE_COLOR: Record<ReleaseStatus, string> = { pending: 'gold', approved: 'success', rejected: 'error' };
export const TAG_STATUS_LABEL: Record<TagStatus, string> = { pending: 'Waiting for your answer', accepted: 'Accepted', declined: 'Declined' };
const TAG_COLOR: Record<TagStatus, string> = { pending: 'gold', accepted: 'success', declined: 'error' };

export function ReleaseStatusTag({ status }: { status: ReleaseStatus }) {
  return <Tag color={RELEASE_COLOR[status]}>{RELEASE_STATUS_LABEL[status]}</Tag>;
}

export function TagStatusTag({ status }: { status: TagStatus }) {
  return <Tag color={TAG_COLOR[status]}>{TAG_STATUS_LABEL[status]}</Tag>;
}

/** "ID front, ID back, consent": which files a record holds. */
export function filesText(files: { idFront: boolean; idBack: boolean; consent: boolean }): string {
  const names = [files.idFront && 'ID front', files.idBack && 'ID back', files.consent && 'signed consent'].filter(Boolean) as string[];
  return names.length ? names.join(', ') : 'No files';
}

/** A YYYY-MM-DD day as the site writes dates ("Mar 12, 1994"), without a time zone shift. */
export function dayText(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
}

/** Today as YYYY-MM-DD in the creator's own time zone (the signing date may not be later). */
export function todayLocal(): string {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
}
