'use client';
/**
 * /admin/contact: the contact inbox (GET /admin/contact; status filter, search and table state in
 * the URL; `?id=` opens one message — the operator's notification mail links there). Opening a new
 * message marks it read (PUT …/read); "Mark as unread" puts it back; the answer is sent once (POST
 * …/answer) and mailed to the sender by the API.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Drawer, Form, Input, Select, Tag, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { contactAnswerBodySchema, type ContactMessage } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { fullDate } from '@/lib/format';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { EmptyState } from '@/components/states';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import css from './admin-site.module.css';

const STATUS_OPTIONS = [
  { value: 'new', label: 'New' },
  { value: 'read', label: 'Read' },
  { value: 'answered', label: 'Answered' },
];
const validStatus = (s: string | undefined) => (STATUS_OPTIONS.some((o) => o.value === s) ? (s as ContactMessage['status']) : undefined);
const isId = (s: string | undefined) => Boolean(s && /^[0-9a-f-]{36}$/i.test(s));

function StatusTag({ status }: { status: ContactMessage['status'] }) {
  return status === 'new' ? <Tag color="blue">New</Tag> : status === 'answered' ? <Tag color="green">Answered</Tag> : <Tag>Read</Tag>;
}

function MessageView({ id, onChanged }: { id: string; onChanged: () => void }) {
  const { message } = App.useApp();
  const { data: m, error, mutate } = useRoute(routes.site.adminContactGet, { params: { id } }, { revalidateOnFocus: false });
  const [form] = Form.useForm<{ answer: string }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const setRead = async (read: boolean, quiet = false) => {
    try {
      await mutate(await call(routes.site.adminContactRead, { params: { id }, body: { read } }), { revalidate: false });
      onChanged();
      if (!quiet) message.success(read ? 'Marked as read' : 'Marked as unread');
    } catch (e) {
      if (!quiet) message.error(errorText(e));
    }
  };
  // Opening a new message marks it read.
  useEffect(() => {
    if (m?.status === 'new') void setRead(true, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [m?._id]);

  const answer = async ({ answer: text }: { answer: string }) => {
    setBusy(true);
    setFailure(null);
    try {
      await mutate(await call(routes.site.adminContactAnswer, { params: { id }, body: { answer: text } }), { revalidate: false });
      message.success(`Answer sent to ${m?.email}`);
      onChanged();
    } catch (e) {
      showFieldErrors(form, e);
      setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (error && !m) return <Alert type="error" showIcon title={errorText(error)} />;
  if (!m) return <Typography.Text type="secondary">Loading…</Typography.Text>;
  return (
    <div>
      <div className={css.meta}>
        <StatusTag status={m.status} /> From <strong>{m.name}</strong> &lt;<a href={`mailto:${m.email}`}>{m.email}</a>&gt; · {fullDate(m.createdAt)}
      </div>
      <p className={css.quote}>{m.message}</p>
      {m.status === 'answered' ? (
        <>
          <div className={css.meta}>Your answer · {fullDate(m.answeredAt)}</div>
          <p className={css.quote}>{m.answer}</p>
        </>
      ) : (
        <Form form={form} layout="vertical" name="contact-answer" onFinish={answer} requiredMark={false} disabled={busy}>
          <Form.Item name="answer" label="Answer" extra={`Mailed to ${m.email}; you can answer once.`} rules={zodRules(contactAnswerBodySchema.shape.answer, { requiredMessage: 'Write your answer' })}>
            <Input.TextArea rows={6} maxLength={10000} showCount />
          </Form.Item>
          {failure && <Alert type="error" showIcon role="alert" title={failure} className={css.alert} />}
          <div className={css.formActions}>
            <Button type="primary" htmlType="submit" icon={<MailOutlined />} loading={busy}>
              Send answer
            </Button>
            {m.status === 'read' && (
              <Button htmlType="button" onClick={() => void setRead(false)}>
                Mark as unread
              </Button>
            )}
          </div>
        </Form>
      )}
    </div>
  );
}

export default function AdminContact() {
  const table = useRouteTable(routes.site.adminContactList, { sortBy: 'createdAt', query: (api, { filters }) => ({ ...api, status: validStatus(filters.status), q: filters.q?.trim() || undefined }) });
  const { t, mutate } = table;
  const status = validStatus(t.query.filters.status);
  const q = t.query.filters.q?.trim() || undefined;
  const open = isId(t.query.filters.id) ? t.query.filters.id! : null;

  return (
    <div className="container page">
      <h1 className="page-title">Contact messages</h1>
      <p className="page-lead">What visitors wrote through the contact form. Answers go out by e-mail.</p>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter messages" className={css.toolbar}>
          <Select aria-label="Status" placeholder="Any status" allowClear value={status} onChange={(v) => t.set({ status: v ?? null })} options={STATUS_OPTIONS} className={css.filter} />
          <Input.Search aria-label="Search messages" placeholder="Name, e-mail or text" allowClear defaultValue={q} onSearch={(v) => t.set({ q: v.trim() || null })} className={css.search} />
        </FilterBar>
        <QueryTable<ContactMessage>
          table={table}
          errorTitle="Messages didn't load"
          totalLabel={(n) => (n === 1 ? '1 message' : `${n} messages`)}
          empty={<EmptyState title="No messages" description={status || q ? 'Nothing matches these filters.' : 'Messages sent through /contact show up here.'} />}
          cardsLabel="Contact messages list"
          size="middle"
          onRow={(m) => ({ 'aria-label': `Message from ${m.name}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'from', title: 'From', width: 220, render: (_, m) => (<><div><strong>{m.name}</strong></div><Typography.Text type="secondary">{m.email}</Typography.Text></>) },
            { key: 'message', title: 'Message', dataIndex: 'message', render: (v: string) => <Typography.Text ellipsis className={css.ellipsis}>{v}</Typography.Text> },
            { key: 'status', title: 'Status', dataIndex: 'status', width: 110, render: (v: ContactMessage['status']) => <StatusTag status={v} /> },
            { key: 'createdAt', title: 'Received', dataIndex: 'createdAt', width: 170, sorter: true, sortOrder: t.sortOrder('createdAt'), render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            { key: 'actions', title: 'Actions', width: 90, render: (_, m) => <Button size="small" onClick={() => t.set({ id: m._id })} aria-label={`Open message from ${m.name}`}>Open</Button> },
          ]}
        />
      </Card>
      <Drawer open={Boolean(open)} title="Message" onClose={() => t.set({ id: null })} size="min(560px, 100vw)" closable={{ 'aria-label': 'Close' }} destroyOnHidden>
        {open && <MessageView id={open} onChanged={() => void mutate()} />}
      </Drawer>
    </div>
  );
}
