'use client';
/** Small pieces of the age verification console: the status tag and the status filter's options. */
import { Tag } from 'antd';
import { AGE_REVIEW_STATUSES, type AgeReviewItem } from '@stagepass/shared';

export type AgeReviewStatus = AgeReviewItem['status'];
const LABELS: Record<AgeReviewStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
const COLORS: Record<AgeReviewStatus, string> = { pending: 'warning', approved: 'success', rejected: 'error' };

export function AgeStatusTag({ status }: { status: AgeReviewStatus }) {
  return <Tag color={COLORS[status]}>{LABELS[status]}</Tag>;
}

/** The Status filter: `all` lists every request; absent from the URL means the queue (pending). */
export const ageStatusOptions = [...AGE_REVIEW_STATUSES.map((s) => ({ value: s, label: LABELS[s] })), { value: 'all', label: 'All' }];
