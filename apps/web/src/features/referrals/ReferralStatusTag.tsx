import { Tag } from 'antd';
import { REFERRAL_STATUS_LABELS, type ReferralStatus } from '@stagepass/shared';

const STATUS_COLOR: Record<ReferralStatus, string> = { active: 'green', ended: 'default', voided: 'red' };

/** A referral's status (the creator's Referrals page and the console's list). */
export function ReferralStatusTag({ status }: { status: ReferralStatus }) {
  return <Tag color={STATUS_COLOR[status]}>{REFERRAL_STATUS_LABELS[status]}</Tag>;
}
