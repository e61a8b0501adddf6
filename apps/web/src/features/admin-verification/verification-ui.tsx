'use client';
/** Small pieces of the verification screens: the status tag and the status filter's options. */
import { Tag } from 'antd';
import type { VerificationStatus } from '@stagepass/shared';

export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
const COLORS: Record<VerificationStatus, string> = { pending: 'warning', approved: 'success', rejected: 'error' };

export function VerificationStatusTag({ status }: { status: VerificationStatus }) {
  return <Tag color={COLORS[status]}>{VERIFICATION_STATUS_LABELS[status]}</Tag>;
}

/** The Status filter: `all` lists every creator; absent from the URL means the queue (pending). */
export const verificationStatusOptions = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];
