'use client';
/**
 * The verified-creator badge (an operator approved the creator's identity documents: `verified`
 * on public creator answers). An icon with the accessible name 'Verified creator' and the same
 * tooltip; shown beside the name on the creator page and on creator cards.
 */
import { Tooltip } from 'antd';
import { SafetyCertificateFilled } from '@ant-design/icons';
import css from './verified-badge.module.css';

export default function VerifiedBadge({ size = 'default' }: { size?: 'default' | 'large' }) {
  return (
    <Tooltip title="Verified creator">
      <span role="img" aria-label="Verified creator" className={size === 'large' ? `${css.badge} ${css.large}` : css.badge}>
        <SafetyCertificateFilled aria-hidden />
      </span>
    </Tooltip>
  );
}
