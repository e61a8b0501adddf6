'use client';
import { useState } from 'react';
import { Alert, App, Button, Card, Popconfirm, Segmented, Space, Table } from 'antd';
import type { MailFailure } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { fullDate } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import css from './admin-system.module.css';

const PAGE = 20;
type Status = MailFailure['status'];

/** E-mails the site could not send, with Retry and Discard; those sent later or discarded. */
export default function SystemMail() {
  const { message } = App.useApp();
  const [status, setStatus] = useState<Status>('failed');
  const [offset, setOffset] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const list = useRoute(routes.system.mailFailures, { query: { status, offset, limit: PAGE } });
  const act = async (m: MailFailure, how: 'retry' | 'discard') => {
    setBusy(m._id);
    try {
      const after = how === 'retry' ? await call(routes.system.retryMail, { params: { id: m._id } }) : await call(routes.system.discardMail, { params: { id: m._id } });
      if (how === 'discard') message.success('Discarded');
      else if (after.status === 'sent') message.success('Sent');
      else message.error(`Still failing: ${after.error}`);
      void list.mutate();
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card title="Mail failures" className={css.card}>
      <p className={css.help}>E-mails the mail server refused or could not be reached for. Jobs retry on their own; a mail that goes out later leaves this list.</p>
      <Segmented<Status> aria-label="Show" className={css.tools} value={status} onChange={(v) => { setStatus(v); setOffset(0); }} options={[{ value: 'failed', label: 'Failed' }, { value: 'sent', label: 'Sent later' }, { value: 'discarded', label: 'Discarded' }]} />
      {list.error && <Alert type="error" showIcon role="alert" title={errorText(list.error, "The mail failures didn't load")} />}
      <Table<MailFailure>
        rowKey="_id"
        aria-label="Mail failures"
        loading={list.isLoading}
        dataSource={list.data?.data ?? []}
        scroll={{ x: 820 }}
        pagination={{ current: offset / PAGE + 1, pageSize: PAGE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setOffset((p - 1) * PAGE) }}
        locale={{ emptyText: status === 'failed' ? 'No failed e-mails: everything was sent.' : 'None.' }}
        columns={[
          { title: 'To', dataIndex: 'to', render: (to: string) => <span className={css.mono}>{to}</span> },
          { title: 'Subject', dataIndex: 'subject' },
          { title: 'Error', dataIndex: 'error', render: (e: string) => <span className={css.error}>{e}</span> },
          { title: 'Attempts', dataIndex: 'attempts', align: 'right' },
          { title: status === 'failed' ? 'Last attempt' : 'Closed', key: 'at', render: (_: unknown, m) => fullDate(m.resolvedAt ?? m.lastFailedAt) },
          ...(status === 'failed'
            ? [{
                title: 'Actions', key: 'actions',
                render: (_: unknown, m: MailFailure) => (
                  <Space wrap>
                    <Button size="small" type="primary" loading={busy === m._id} onClick={() => void act(m, 'retry')} aria-label={`Send again to ${m.to}`}>Retry</Button>
                    <Popconfirm title="Give up on this e-mail?" okText="Discard" onConfirm={() => act(m, 'discard')}>
                      <Button size="small" danger aria-label={`Discard the e-mail to ${m.to}`}>Discard</Button>
                    </Popconfirm>
                  </Space>
                ),
              }]
            : []),
        ]}
      />
    </Card>
  );
}
