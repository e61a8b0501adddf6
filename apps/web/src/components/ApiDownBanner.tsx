'use client';
import { Alert } from 'antd';
import { useSite } from '@/lib/site-context';
import css from './ui.module.css';

/** Shown on every page when the server could not reach the API for this render. */
export default function ApiDownBanner() {
  const { apiReachable } = useSite();
  if (apiReachable) return null;
  return (
    <Alert
      banner
      type="warning"
      role="status"
      title="We can't reach the Stagepass service right now. Some things may not load — please try again in a moment."
      className={css.banner}
    />
  );
}
