'use client';
/** The Users section's labels and tags: role, account status, creator verification (KYC). */
import { Tag } from 'antd';
import type { AdminUser, UserStatus, VerificationStatus } from '@stagepass/shared';

export const ROLE_LABEL: Record<'user' | 'performer' | 'admin', string> = { user: 'Fan', performer: 'Creator', admin: 'Administrator' };
export const STATUS_LABEL: Record<UserStatus, string> = { active: 'Active', inactive: 'Inactive', suspended: 'Suspended', deleted: 'Deleted' };
export const KYC_LABEL: Record<VerificationStatus, string> = { pending: 'Verification pending', approved: 'Verified creator', rejected: 'Verification rejected' };

const STATUS_COLOR: Record<UserStatus, string> = { active: 'success', inactive: 'default', suspended: 'error', deleted: 'default' };
const KYC_COLOR: Record<VerificationStatus, string> = { pending: 'processing', approved: 'success', rejected: 'warning' };

export function RoleTag({ user }: { user: Pick<AdminUser, 'isPerformer' | 'isAdmin'> }) {
  return (
    <>
      <Tag>{user.isPerformer ? ROLE_LABEL.performer : ROLE_LABEL.user}</Tag>
      {user.isAdmin && <Tag color="purple">{ROLE_LABEL.admin}</Tag>}
    </>
  );
}

export function StatusTag({ status }: { status: UserStatus }) {
  return <Tag color={STATUS_COLOR[status]}>{STATUS_LABEL[status]}</Tag>;
}

export function KycTag({ status }: { status: VerificationStatus | null }) {
  return status ? <Tag color={KYC_COLOR[status]}>{KYC_LABEL[status]}</Tag> : null;
}
