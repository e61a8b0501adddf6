'use client';
/**
 * The "Conversations" section of /admin/users/{id} (operators; issue 28 §6): who the user has private
 * conversations with — the other member, how many messages, when the last one was — never what was
 * said. Listing them is an audited read (GET /admin/users/{id}/conversations: the console asks why,
 * the audit log keeps the reason, the people listed see it in their data export), so it is loaded
 * only when the operator asks, never on focus; each conversation opens at /admin/conversations/{id}.
 */
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button, Card, Skeleton } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import css from './admin-reads.module.css';

/** The list is fetched with its code only when the operator asks (most visits to a user page never do). */
const List = dynamic(() => import('./UserConversationList'), {
  ssr: false,
  loading: () => (
    <div aria-busy>
      <Skeleton avatar active paragraph={{ rows: 1 }} />
    </div>
  ),
});

export default function UserConversations({ userId, name }: { userId: string; name: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Card title="Conversations" className={css.userSection}>
      {shown ? (
        <List userId={userId} name={name} />
      ) : (
        <div className={css.ask}>
          <p className="muted">
            Who {name} has private conversations with, how many messages and when — not what was said. Showing them is recorded in the audit log with your reason, and the people
            listed can see it in their data export.
          </p>
          <Button icon={<MessageOutlined aria-hidden />} onClick={() => setShown(true)}>
            Show conversations
          </Button>
        </div>
      )}
    </Card>
  );
}
