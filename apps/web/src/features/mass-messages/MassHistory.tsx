'use client';
import type { HTMLAttributes } from 'react';
import { App, Button, Tag, Tooltip, Typography } from 'antd';
import { AudioOutlined, LoadingOutlined, PaperClipOutlined, RollbackOutlined } from '@ant-design/icons';
import type { MassMessage } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { fullDate, money, plural } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { EmptyState } from '@/components/states';
import { Money } from '@/components/money/money-ui';
import QueryTable, { type QueryTableState } from '@/components/list/QueryTable';
import { AUDIENCE_LABELS, MASS_STATUS_TAG, excerpt } from './compose';
import css from './mass-messages.module.css';

function MessageCell({ m, audience }: { m: MassMessage; audience: string }) {
  const text = excerpt(m.text);
  const audio = m.files.length > 0 && m.files.every((f) => f.type === 'audio');
  return (
    <div className={css.msgCell}>
      <Typography.Text className={css.excerpt}>{text || <span className="muted">(media only)</span>}</Typography.Text>
      <span className={`muted ${css.small}`}>
        To {audience}
        {m.files.length > 0 && (
          <>
            {' · '}
            {audio ? <AudioOutlined aria-hidden="true" /> : <PaperClipOutlined aria-hidden="true" />} {plural(m.files.length, 'file')}
            {m.price ? ` · ${money(m.price)}` : ' · free'}
          </>
        )}
      </span>
    </div>
  );
}

/** The status tag and, under it, when: "for {date}" (scheduled), the send time, or when it started. */
function StatusCell({ m }: { m: MassMessage }) {
  const s = MASS_STATUS_TAG[m.status] ?? { label: m.status, color: 'default' };
  const when = m.status === 'scheduled' ? `for ${fullDate(m.scheduledAt)}` : fullDate(m.sentAt ?? (m.status === 'sending' ? m.scheduledAt : m.createdAt));
  return (
    <div className={css.statusCell}>
      <Tag color={s.color} icon={m.status === 'sending' ? <LoadingOutlined /> : undefined} className={css.tag}>
        {s.label}
      </Tag>
      <span className={`muted ${css.small} ${css.nowrap}`}>{when}</span>
    </div>
  );
}

/**
 * The creator's mass messages (GET /messages/broadcast-message, table state in the URL) with their
 * figures, and Unsend (DELETE …/{id}, confirmed). `table` comes from the page so it can reload it
 * after a send.
 */
export default function MassHistory({ table }: { table: QueryTableState<MassMessage> }) {
  const { message, modal } = App.useApp();
  const lists = useRoute(routes.messages.lists);
  const listName = (id: string) => lists.data?.find((l) => l._id === id)?.name;

  const audienceText = (m: MassMessage) => {
    if (m.audience !== 'lists') return AUDIENCE_LABELS[m.audience] ?? m.audience;
    const names = m.listIds.map(listName).filter(Boolean) as string[];
    return names.length ? names.join(', ') : m.listIds.length === 1 ? '1 list' : `${m.listIds.length} lists`;
  };

  const unsend = (m: MassMessage) =>
    modal.confirm({
      title: m.status === 'scheduled' ? 'Cancel this scheduled message?' : 'Unsend this mass message?',
      content:
        m.status === 'scheduled'
          ? 'Nobody has received it yet; it will not be sent.'
          : 'Copies not read or bought yet are removed from fans’ inboxes. Copies already read or bought stay.',
      okText: m.status === 'scheduled' ? 'Cancel message' : 'Unsend',
      cancelText: 'Keep it',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(routes.messages.unsend, { params: { id: m._id } });
          message.success(m.status === 'scheduled' ? 'Scheduled message cancelled' : 'Mass message unsent');
          await table.mutate();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });

  return (
    <QueryTable<MassMessage>
      table={table}
      errorTitle="Your mass messages didn't load"
      totalLabel={(n) => (n === 1 ? '1 mass message' : `${n} mass messages`)}
      empty={<EmptyState title="No mass messages yet" description="What you send to your fans appears here with its views, purchases and revenue." />}
      cardsLabel="Mass messages list"
      scroll={{ x: 800 }}
      size="middle"
      onRow={(m) => ({ 'aria-label': `Mass message ${excerpt(m.text, 40) || 'with media'}` }) as HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'text', title: 'Message', render: (_, m) => <MessageCell m={m} audience={audienceText(m)} /> },
        { key: 'status', title: 'Status', width: 160, render: (_, m) => <StatusCell m={m} /> },
        { key: 'recipients', title: 'Recipients', dataIndex: 'recipients', align: 'right', width: 112 },
        { key: 'views', title: 'Views', dataIndex: 'views', align: 'right', width: 76 },
        { key: 'purchases', title: 'Purchases', dataIndex: 'purchases', align: 'right', width: 110 },
        { key: 'revenue', title: 'Revenue', dataIndex: 'revenue', align: 'right', width: 100, render: (v: number) => <Money value={v} /> },
        {
          key: 'actions',
          title: <span className="sr-only">Actions</span>,
          width: 72,
          fixed: 'right',
          render: (_, m) =>
            m.status === 'cancelled' ? null : (
              <Tooltip title={m.status === 'scheduled' ? 'Unsend: cancel before it goes out' : 'Unsend: remove unread copies'}>
                <Button type="text" icon={<RollbackOutlined />} aria-label="Unsend" onClick={() => unsend(m)}>
                  <span className={css.cardOnly}>Unsend</span>
                </Button>
              </Tooltip>
            ),
        },
      ]}
    />
  );
}
