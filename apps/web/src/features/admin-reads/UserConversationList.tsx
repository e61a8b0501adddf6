'use client';
/**
 * The list of /admin/users/{id}'s "Conversations" card (UserConversations), loaded when the operator
 * asks: GET /admin/users/{id}/conversations — an audited read (the reason dialog asks through
 * lib/api.ts), each page read once, never again on focus.
 */
import { useState } from 'react';
import Link from 'next/link';
import { Avatar, Skeleton } from 'antd';
import { DEFAULT_AVATAR, REASON_REQUIRED_CODE } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText, type ApiFailure } from '@/lib/api';
import { fullDate, plural } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { READ_ONCE } from '@/components/AuditedRead';
import { EmptyState, ErrorState } from '@/components/states';
import Pager from './Pager';
import css from './admin-reads.module.css';

const PAGE = 20;

export default function UserConversationList({ userId, name }: { userId: string; name: string }) {
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
      <Pager page={page} pageSize={PAGE} total={data.total} onChange={setPage} label={`Pages of the conversations of ${name}`} />
    </>
  );
}
