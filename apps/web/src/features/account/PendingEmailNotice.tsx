'use client';
import { Alert } from 'antd';
import css from './account.module.css';

/** "Check your new address": an e-mail change waits for the link mailed to the new address. */
export default function PendingEmailNotice({ pendingEmail, email }: { pendingEmail?: string | null; email?: string | null }) {
  if (!pendingEmail) return null;
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      className={css.notice}
      title="Check your new address"
      description={
        <>
          We sent a confirmation link to <strong>{pendingEmail}</strong>. Your e-mail stays {email ? <strong>{email}</strong> : 'unchanged'} until you open it (the link is valid for one day).
        </>
      }
    />
  );
}
