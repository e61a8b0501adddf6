'use client';
import Link from 'next/link';
import { Badge } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/store';
import { messagesLabel } from '@/components/layouts/nav';
import css from './messages.module.css';
import { useTranslations } from 'next-intl';

/** The header's messages icon: a link to /messages with the unread message count. */
export default function MessagesButton({ className }: { className?: string }) {
  const total = useAppSelector((s) => s.conversation.totalUnread);
  const tShell = useTranslations('shell');
  return (
    <span className={className}>
      <Badge count={total} overflowCount={99} size="small" offset={[-4, 4]}>
        <Link href="/messages" prefetch={false} className={css.headerButton} aria-label={messagesLabel(tShell, total)} data-testid="messages-button">
          <MessageOutlined />
        </Link>
      </Badge>
    </span>
  );
}
