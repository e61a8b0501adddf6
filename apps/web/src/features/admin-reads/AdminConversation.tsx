'use client';
/**
 * /admin/conversations/{id} (operators; issue 28 §6): one private conversation, read only — its two
 * members and its messages in full, paid media open (GET /admin/conversations/{id}/messages, an
 * audited read: the console asks why first, the API writes the reason to the audit log and both
 * members' data exports list it). Oldest first on screen; older pages on demand (each page read is
 * an entry of its own), never re-read on focus. Nothing is marked seen.
 */
import { useState } from 'react';
import Link from 'next/link';
import { Alert, Avatar, Button, Card, Skeleton, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, type ConversationParty, type Message } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { fullDate, money } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { AuditedReadFailure, READ_ONCE } from '@/components/AuditedRead';
import { EmptyState } from '@/components/states';
import ConsoleMedia from './ConsoleMedia';
import css from './admin-reads.module.css';

const PAGE = 25;
/** Each read is an audit entry: a page is read once, never again on focus or reconnect. */
const nameOf = (p: ConversationParty | undefined) => (p ? p.name || p.username || 'Account' : 'A former member');

function MessageItem({ m, members }: { m: Message; members: ConversationParty[] }) {
  const sender = members.find((p) => p._id === m.senderId);
  return (
    <li className={css.message} aria-label={`Message from ${nameOf(sender)}`}>
      <Avatar size={32} src={sender?.avatar || DEFAULT_AVATAR} alt="" />
      <div className={css.messageBody}>
        <div className={css.messageHead}>
          <strong>{nameOf(sender)}</strong>
          <span className="muted">{fullDate(m.createdAt)}</span>
          {m.price !== null && !m.isDeleted && <Tag color="gold">Paid {money(m.price)}</Tag>}
          {m.massMessageId && <Tag>Mass message</Tag>}
        </div>
        {m.isDeleted ? (
          <span className={`muted ${css.deleted}`}>Message deleted</span>
        ) : (
          <>
            {m.text && <p className={css.text}>{m.text}</p>}
            <ConsoleMedia files={m.files} label={`the message from ${nameOf(sender)}`} />
          </>
        )}
      </div>
    </li>
  );
}

/** One older page (newest first from the API, shown oldest first). */
function OlderPage({ id, offset, members }: { id: string; offset: number; members: ConversationParty[] }) {
  const { data, error, mutate } = useRoute(routes.messages.adminMessages, { params: { id }, query: { offset, limit: PAGE } }, READ_ONCE);
  if (error && !data) {
    return (
      <li className={css.pageState}>
        <Alert type="error" showIcon title="These messages didn't load" description={errorText(error)} action={<Button onClick={() => void mutate()}>Try again</Button>} />
      </li>
    );
  }
  if (!data) {
    return (
      <li className={css.pageState} aria-busy>
        <Skeleton avatar active paragraph={{ rows: 2 }} />
      </li>
    );
  }
  return (
    <>
      {[...data.data].reverse().map((m) => (
        <MessageItem key={m._id} m={m} members={members} />
      ))}
    </>
  );
}

export default function AdminConversation({ id, from }: { id: string; from?: string }) {
  const [pages, setPages] = useState(1);
  const { data, error, isLoading, mutate } = useRoute(routes.messages.adminMessages, { params: { id }, query: { offset: 0, limit: PAGE } }, READ_ONCE);
  const back = (
    <Link href={from ? `/admin/users/${from}` : '/admin/users'} className={css.back}>
      <ArrowLeftOutlined aria-hidden /> {from ? 'Back to the user' : 'Users'}
    </Link>
  );
  if (error && !data) {
    return (
      <div className="container page">
        {back}
        <AuditedReadFailure error={error} thing="conversation" notFoundMessage="It may have been deleted with an account, or the link is wrong." onRetry={() => void mutate()} />
      </div>
    );
  }
  if (isLoading || !data) {
    return (
      <div className="container page" aria-busy>
        {back}
        <Skeleton active title paragraph={{ rows: 1 }} />
        <Skeleton avatar active paragraph={{ rows: 2 }} />
        <Skeleton avatar active paragraph={{ rows: 2 }} />
      </div>
    );
  }
  const { members } = data.conversation;
  const [a, b] = members;
  const more = data.total > pages * PAGE;
  return (
    <div className="container page">
      {back}
      <header className={css.head}>
        <h1>
          Conversation between {nameOf(a)} and {nameOf(b)}
        </h1>
        <div className={css.meta}>
          {members.map((p) => (
            <Link key={p._id} href={`/admin/users/${p._id}`} className={css.person}>
              <Avatar size={28} src={p.avatar || DEFAULT_AVATAR} alt="" />
              <span>
                {nameOf(p)}
                {p.username ? <span className="muted"> @{p.username}</span> : null}
              </span>
            </Link>
          ))}
          <span className="muted">
            {data.total === 1 ? '1 message' : `${data.total} messages`} · started {fullDate(data.conversation.createdAt)}
          </span>
        </div>
      </header>
      <Alert
        className={css.notice}
        type="info"
        showIcon
        title="Opened with your reason — read only"
        description="This read is in the audit log, and both members can see in their data export that an operator opened their conversation. Nothing is marked as seen."
      />
      <Card>
        {data.total === 0 ? (
          <EmptyState title="No messages in this conversation" />
        ) : (
          <>
            {more && (
              <Button className={css.older} onClick={() => setPages((n) => n + 1)}>
                Load older messages
              </Button>
            )}
            <ol className={css.messages} aria-label="Messages">
              {Array.from({ length: pages - 1 }, (_, i) => pages - 1 - i).map((n) => (
                <OlderPage key={n} id={id} offset={n * PAGE} members={members} />
              ))}
              {[...data.data].reverse().map((m) => (
                <MessageItem key={m._id} m={m} members={members} />
              ))}
            </ol>
          </>
        )}
      </Card>
    </div>
  );
}
