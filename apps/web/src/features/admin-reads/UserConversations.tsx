'use client';
/**
 * The "Conversations" section of /admin/users/{id} (operators; issue 28 §6): who the user has private
 * conversations with — the other member, how many messages, when the last one was — never what was
 * said. Listing them is an audited read (GET /admin/users/{id}/conversations: the console asks why,
 * the audit log keeps the reason, the people listed see it in their data export), so it is loaded
 * only when the operator asks, never on focus; each conversation opens at /admin/conversations/{id}.
 */
import { useState } from 'react';
import Link from 'next/link';
import { Avatar, Button, Card, Pagination, Skeleton } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, REASON_REQUIRED_CODE } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText, type ApiFailure } from '@/lib/api';
import { fullDate, plural } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { EmptyState, ErrorState } from '@/components/states';
import css from './admin-reads.module.css';

const PAGE = 20;
const READ_ONCE = { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false } as const;

function List({ userId, name }: { userId: string; name: string }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useRoute(routes.messages.adminConversations, { params: { id: userId }, query: { offset: (page - 1) * PAGE, limit: PAGE } }, { ...READ_ONCE, keepPreviousData: true });
  const failure = error as ApiFailure | undefined;
  if (failure && !data) {
    const noReason = failure.code === REASON_REQUIRED_CODE;
    return <ErrorState title={noReason ? 'Not opened' : "The conversations didn't load"} message={noReason ? 'Listing them needs a reason: it is kept in the audit log.' : errorText(error)} onRetry={() => void mutate()} />;
  }
  if (isLoading || !data) {
    return (
      <div aria-busy>
        <Skeleton avatar active paragraph={{ rows: 1 }} />
        <Skeleton avatar active paragraph={{ rows: 1 }} />
      </div>
    );
  }
  if (data.total === 0) return <EmptyState title="No conversations" description={`${name} has no private conversations.`} />;
  return (
    <>
      <ul className={css.conversations} aria-label={`Conversations of ${name}`}>
        {data.data.map((c) => {
          const other = c.other.name || c.other.username || 'Account';
          return (
            <li key={c._id} className={css.conversation}>
              <Avatar size={36} src={c.other.avatar || DEFAULT_AVATAR} alt="" />
              <span className={css.conversationText}>
                <strong>{other}</strong>
                <span className="muted">
                  {c.other.username ? `@${c.other.username} · ` : ''}
                  {plural(c.messageCount, 'message')}
                  {c.lastMessageAt ? ` · last ${fullDate(c.lastMessageAt)}` : ''}
                </span>
              </span>
              <Link href={`/admin/conversations/${c._id}?user=${userId}`} className={css.open} aria-label={`Open the conversation with ${other}`}>
                Open
              </Link>
            </li>
          );
        })}
      </ul>
      {data.total > PAGE && <Pagination className={css.pager} size="small" current={page} pageSize={PAGE} total={data.total} showSizeChanger={false} onChange={setPage} />}
    </>
  );
}

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
