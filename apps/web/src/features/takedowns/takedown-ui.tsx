import { Tag } from 'antd';
import type { CounterStatus, TakedownStatus } from '@stagepass/shared';

export const TAKEDOWN_STATUS_LABEL: Record<TakedownStatus, string> = { open: 'Open', info_requested: 'More asked', hidden: 'Content hidden', rejected: 'Rejected' };
const COLOR: Record<TakedownStatus, string> = { open: 'gold', info_requested: 'blue', hidden: 'red', rejected: 'default' };
export const COUNTER_STATUS_LABEL: Record<CounterStatus, string> = { pending: 'Counter-notice: waiting', restored: 'Restored', upheld: 'Claimant answered: stays hidden' };

export function TakedownStatusTag({ status }: { status: TakedownStatus }) {
  return <Tag color={COLOR[status]}>{TAKEDOWN_STATUS_LABEL[status]}</Tag>;
}
