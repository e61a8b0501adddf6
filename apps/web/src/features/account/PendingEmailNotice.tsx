'use client';
import { Alert } from 'antd';

/** "Check your new address": an e-mail change waits for the link mailed to the new address. */
export default function PendingEmailNotice({ pendingEmail, email }: { pendingEmail?: string | null; email?: string | null }) {
  if (!pendingEmail) return null;
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      style={{ marginBottom: 16 }}
      title="Check your new address"
      description={
        <>
          We sent a confirmation link to <strong>{pendingEmail}</strong>. Your e-mail stays {email ? <strong>{email}</strong> : 'unchanged'} until you open it (the link is valid for one day).
        </>
      }
    />
  );
}
