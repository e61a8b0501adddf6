'use client';
import Link from 'next/link';
import { ToolOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/store';
import StatusView from './StatusView';
import css from './views.module.css';

export default function MaintenanceView() {
  const siteName = useAppSelector((s) => s.ui.siteName);
  return (
    <StatusView icon={<ToolOutlined />} title="We'll be right back">
      <p>{siteName} is down for scheduled maintenance. We're tuning things up backstage — please check back in a little while.</p>
      <p className={css.note}>
        Site administrator? <Link href="/auth/login">Log in</Link>
      </p>
    </StatusView>
  );
}
