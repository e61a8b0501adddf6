'use client';
/**
 * /creator/tracking-links (issue 30 §4; API modules/tracking README): the creator's campaign links
 * with their all-time figures (clicks, unique visitors, sign-ups, follows, subscriptions, revenue),
 * a copy button per link, and making, renaming, archiving and bringing back links. Live and
 * archived links on two tabs; the table's page and tab in the URL. Counts and sums only: never who.
 */
import { useCopyLink } from '@/lib/use-copy-link';
import { useState } from 'react';
import Link from 'next/link';
import { App, Button, Card, Form, Input, Modal, Segmented, Space, Tooltip } from 'antd';
import { CopyOutlined, EditOutlined, InboxOutlined, PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { MAX_LIVE_TRACKING_LINKS, trackingLinkInputSchema, trackingPath, type TrackingLink } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { count, plural } from '@/lib/format';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { EmptyState } from '@/components/states';
import { Money, moneyCss as css } from '@/components/money/money-ui';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import s from './tracking.module.css';

type Status = 'live' | 'archived';
const nameRules = zodRules(trackingLinkInputSchema.shape.name);
const fullLink = (code: string) => `${typeof window === 'undefined' ? '' : window.location.origin}${trackingPath(code)}`;

export default function TrackingLinks() {
  const { message } = App.useApp();
  const list = useRouteTable(routes.tracking.list, { sortBy: 'createdAt' });
  const status: Status = list.t.query.filters.status === 'archived' ? 'archived' : 'live';
  const page = list.data as (typeof list.data & { live?: number; max?: number }) | undefined;
  const [form] = Form.useForm<{ name: string }>();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<TrackingLink | null>(null);
  const [renameForm] = Form.useForm<{ name: string }>();
  const full = page?.live !== undefined && page.live >= (page.max ?? MAX_LIVE_TRACKING_LINKS);

  const create = async (v: { name: string }) => {
    setCreating(true);
    try {
      const made = await call(routes.tracking.create, { body: { name: v.name } });
      form.resetFields();
      message.success(`Link “${made.name}” made`);
      if (status !== 'live') list.t.set({ status: null });
      await list.mutate();
    } catch (e) {
      showFieldErrors(form, e);
      message.error(errorText(e));
    } finally {
      setCreating(false);
    }
  };

  const patch = async (link: TrackingLink, body: { name?: string; archived?: boolean }, done: string) => {
    try {
      await call(routes.tracking.update, { params: { id: link._id }, body });
      message.success(done);
      await list.mutate();
      return true;
    } catch (e) {
      message.error(errorText(e));
      return false;
    }
  };

  const copyLink = useCopyLink();
  const copy = (code: string) => copyLink(fullLink(code));

  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Tracking links</h1>
          <p className="page-lead">Make a link for each place you post it, and see what each one brings: clicks, sign-ups, follows, subscriptions and sales.</p>
        </div>
      </div>

      <Card className={css.block} title={<h2 className={css.sectionTitle}>New link</h2>}>
        <Form form={form} layout="inline" onFinish={(v) => void create(v)} className={s.newForm} requiredMark={false}>
          <Form.Item name="name" rules={nameRules} className={s.newName} label="Where you post it">
            <Input placeholder="e.g. Twitter bio, Reddit r/…" maxLength={80} disabled={full} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={creating} disabled={full}>
              Make link
            </Button>
          </Form.Item>
        </Form>
        <p className={`muted ${s.note}`}>
          {page?.live !== undefined ? `${count(page.live)} of ${page.max ?? MAX_LIVE_TRACKING_LINKS} live links. ` : ''}
          A click counts once per visitor a day; a fan who signs up within 30 days of their first click on one of your links counts for that link.
        </p>
      </Card>

      <Card styles={{ body: { padding: 12 } }}>
        <div className={`${css.toolbar} ${css.tableBar}`}>
          <h2 className={css.sectionTitle}>Your links</h2>
          <Segmented<Status>
            aria-label="Which links"
            value={status}
            onChange={(v) => list.t.set({ status: v === 'live' ? null : v })}
            options={[{ value: 'live', label: 'Live' }, { value: 'archived', label: 'Archived' }]}
          />
        </div>
        <QueryTable<TrackingLink>
          table={list}
          errorTitle="Your tracking links didn't load"
          totalLabel={(n) => plural(n, 'link')}
          empty={
            status === 'live' ? (
              <EmptyState title="No tracking links yet" description="Make one above for each place you share your profile; its figures show here." />
            ) : (
              <EmptyState title="No archived links" description="Links you archive stop counting clicks and show here." />
            )
          }
          cardsLabel="Tracking links list"
          scroll={{ x: 820 }}
          size="middle"
          columns={[
            {
              key: 'name', title: 'Link', dataIndex: 'name',
              render: (_: string, l: TrackingLink) => (
                <div className={s.nameCell}>
                  <Link href={`/creator/tracking-links/${l._id}`} className={s.name}>{l.name}</Link>
                  <span className={s.url}>
                    <code>{trackingPath(l.code)}</code>
                    <Tooltip title="Copy link">
                      <Button size="small" type="text" icon={<CopyOutlined />} aria-label={`Copy link ${l.name}`} onClick={() => void copy(l.code)} />
                    </Tooltip>
                  </span>
                </div>
              ),
            },
            { key: 'clicks', title: 'Clicks', align: 'right', width: 70, render: (_: unknown, l: TrackingLink) => count(l.totals.clicks) },
            { key: 'visitors', title: 'Visitors', align: 'right', width: 80, render: (_: unknown, l: TrackingLink) => count(l.totals.visitors) },
            { key: 'signups', title: 'Sign-ups', align: 'right', width: 85, render: (_: unknown, l: TrackingLink) => count(l.totals.signups) },
            { key: 'follows', title: 'Follows', align: 'right', width: 75, render: (_: unknown, l: TrackingLink) => count(l.totals.follows) },
            { key: 'subscriptions', title: 'Subscriptions', align: 'right', width: 110, render: (_: unknown, l: TrackingLink) => count(l.totals.subscriptions) },
            { key: 'revenue', title: 'Revenue', align: 'right', width: 95, render: (_: unknown, l: TrackingLink) => <Money value={l.totals.revenue} strong /> },
            {
              key: 'actions', title: <span className={css.srOnly}>Actions</span>, width: 80, align: 'right',
              render: (_: unknown, l: TrackingLink) => (
                <Space size={4}>
                  <Tooltip title="Rename">
                    <Button size="small" icon={<EditOutlined />} aria-label={`Rename ${l.name}`} onClick={() => { setRenaming(l); renameForm.setFieldsValue({ name: l.name }); }} />
                  </Tooltip>
                  {l.archivedAt ? (
                    <Tooltip title="Bring back">
                      <Button size="small" icon={<RollbackOutlined />} aria-label={`Bring back ${l.name}`} onClick={() => void patch(l, { archived: false }, 'Link is live again')} />
                    </Tooltip>
                  ) : (
                    <Tooltip title="Archive">
                      <Button size="small" icon={<InboxOutlined />} aria-label={`Archive ${l.name}`} onClick={() => void patch(l, { archived: true }, 'Link archived')} />
                    </Tooltip>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>

      <Modal
        open={renaming !== null}
        title="Rename link"
        okText="Save"
        onCancel={() => setRenaming(null)}
        onOk={() => renameForm.validateFields().then(async (v) => { if (renaming && (await patch(renaming, { name: v.name }, 'Link renamed'))) setRenaming(null); })}
        destroyOnHidden
      >
        <Form form={renameForm} layout="vertical" requiredMark={false}>
          <Form.Item name="name" label="Where you post it" rules={nameRules}>
            <Input maxLength={80} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
