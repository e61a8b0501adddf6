'use client';
/**
 * /creator/fans (issue 31 §4; API modules/fans README): the creator's fans — followers, subscribers
 * and everyone who paid them — with what each paid in all and by channel, since when, status and
 * tier, last activity, and the creator's private custom name and note. Sort by column, search by
 * name, filter by status and tier; keyset pages ("Show more"); one click to message a fan.
 */
import { useMemo, useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import { App, Button, Card, Form, Input, Modal, Select, Tag } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { EditOutlined, MessageOutlined } from '@ant-design/icons';
import {
  FAN_CUSTOM_NAME_MAX, FAN_NOTE_MAX, fanCustomNameSchema, fanNoteSchema, type Fan, type FanChannel, type FanFilter, type FanSort, type FansPage,
} from '@stagepass/shared';
import { routePath, routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { money } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { EmptyState, ErrorState } from '@/components/states';
import { Money, MoneyUserCell, moneyCss as css, shortDate } from '@/components/money/money-ui';
import FilterBar from '@/components/list/FilterBar';
import ResponsiveTable from '@/components/list/ResponsiveTable';
import TierBadge from '@/components/tiers/TierBadge';
import s from './fans.module.css';

const PAGE = 25;
export const FAN_CHANNEL_LABEL: Record<FanChannel, string> = {
  subscription: 'Subscription', tip: 'Tips', tip_menu: 'Tip menu', feed: 'Posts', message: 'Messages', video: 'Videos',
  gallery: 'Galleries', product: 'Shop', live_ticket: 'Live tickets', private_show: 'Private shows',
};
const FILTERS: { value: FanFilter; label: string }[] = [
  { value: 'all', label: 'All fans' },
  { value: 'subscribers', label: 'Subscribers' },
  { value: 'expired', label: 'Expired subscribers' },
  { value: 'followers', label: 'Followers only' },
];
const STATUS: Record<string, { label: string; color: string }> = {
  active: { label: 'Subscriber', color: 'green' },
  past_due: { label: 'Payment due', color: 'orange' },
  cancelled: { label: 'Cancelled', color: 'default' },
  expired: { label: 'Expired', color: 'red' },
};
const nameRules = zodRules(fanCustomNameSchema.optional());
const noteRules = zodRules(fanNoteSchema.optional());
type Query = { sort: FanSort; order: 'asc' | 'desc'; filter: FanFilter; tierId?: string; q?: string };

export function SpentByChannel({ fan }: { fan: Fan }) {
  const parts = (Object.entries(fan.spentBy) as [FanChannel, number][]).filter(([, v]) => v !== 0);
  if (!parts.length) return null;
  return (
    <span className={`muted ${s.channels}`}>
      {parts.map(([c, v]) => `${FAN_CHANNEL_LABEL[c]} ${money(v)}`).join(' · ')}
    </span>
  );
}

export default function Fans() {
  const { message } = App.useApp();
  const [query, setQuery] = useState<Query>({ sort: 'spent', order: 'desc', filter: 'all' });
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Fan | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ customName: string; note: string }>();
  const tiers = useRoute(routes.subscriptions.myTiers);
  const path = routePath(routes.fans.list);
  const key = JSON.stringify(query);
  const pages = useSWRInfinite<FansPage>(
    (i: number, prev: FansPage | null) => (prev && !prev.next ? null : [path, { ...(JSON.parse(key) as Query), limit: PAGE, ...(prev?.next ? { cursor: prev.next } : {}) }]),
    { revalidateFirstPage: true, revalidateOnFocus: false },
  );
  const fans = useMemo(() => (pages.data ?? []).flatMap((p) => p.data), [pages.data]);
  const last = pages.data?.at(-1);
  const total = pages.data?.[0]?.total ?? 0;
  const loading = pages.isLoading || (pages.isValidating && pages.size > (pages.data?.length ?? 0));

  const order = (k: FanSort) => (query.sort === k ? (query.order === 'asc' ? 'ascend' : 'descend') : null);
  const onSort = (sorter: SorterResult<Fan> | SorterResult<Fan>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const k = one?.columnKey as FanSort | undefined;
    if (!k || !one?.order) setQuery((q) => ({ ...q, sort: 'spent', order: 'desc' }));
    else setQuery((q) => ({ ...q, sort: k, order: one.order === 'ascend' ? 'asc' : 'desc' }));
  };

  const openEdit = (fan: Fan) => {
    setEditing(fan);
    form.setFieldsValue({ customName: fan.customName ?? '', note: fan.note ?? '' });
  };
  const save = async (v: { customName: string; note: string }) => {
    if (!editing) return;
    setSaving(true);
    try {
      await call(routes.fans.update, { params: { fanId: editing.user._id }, body: { customName: v.customName ?? '', note: v.note ?? '' } });
      message.success('Saved');
      setEditing(null);
      await pages.mutate();
    } catch (e) {
      showFieldErrors(form, e);
      message.error(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Fans</h1>
          <p className="page-lead">Everyone who follows, subscribes to or pays you: what they spent, since when, and your private notes.</p>
        </div>
      </div>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter fans">
          <Input.Search
            aria-label="Search fans"
            placeholder="Search by name, username or your name for them"
            allowClear
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              if (!e.target.value) setQuery((q) => ({ ...q, q: undefined }));
            }}
            onSearch={(v) => setQuery((q) => ({ ...q, q: v.trim() || undefined }))}
            className={s.search}
          />
          <Select aria-label="Show" value={query.filter} onChange={(v) => setQuery((q) => ({ ...q, filter: v }))} options={FILTERS} className={s.filter} />
          {(tiers.data?.length ?? 0) > 1 && (
            <Select
              aria-label="Tier"
              placeholder="Any tier"
              allowClear
              value={query.tierId}
              onChange={(v) => setQuery((q) => ({ ...q, tierId: v ?? undefined }))}
              options={tiers.data!.map((t) => ({ value: t._id, label: t.name }))}
              className={s.filter}
            />
          )}
        </FilterBar>
        {pages.error ? (
          <ErrorState title="Your fans didn't load" message={errorText(pages.error)} onRetry={() => void pages.mutate()} />
        ) : (
          <>
            <p className={`muted ${s.total}`} aria-live="polite">{pages.data ? (total === 1 ? '1 fan' : `${total} fans`) : ' '}</p>
            <ResponsiveTable<Fan>
              cardsLabel="Fans list"
              rowKey={(f) => f.user._id}
              dataSource={fans}
              loading={loading}
              pagination={false}
              scroll={{ x: 860 }}
              size="middle"
              onChange={(_p, _f, sorter) => onSort(sorter)}
              // A click flips the order (never "unsorted": the list always has one).
              sortDirections={['descend', 'ascend', 'descend']}
              locale={{ emptyText: query.q || query.filter !== 'all' ? <EmptyState title="No fans match" description="Try another name or filter." /> : <EmptyState title="No fans yet" description="Fans appear here when they follow you, subscribe or buy from you." /> }}
              onRow={(f) => ({ 'aria-label': f.customName ?? f.user.name }) as never}
              columns={[
                {
                  key: 'name', title: 'Fan', width: 200, sorter: true, sortOrder: order('name'), showSorterTooltip: false,
                  render: (_, f) => (
                    <span className={s.who}>
                      <MoneyUserCell user={f.user} />
                      {f.customName && <span className={s.custom} data-testid="fan-custom-name">“{f.customName}”</span>}
                      {f.user.username && <span className="muted">@{f.user.username}</span>}
                    </span>
                  ),
                },
                {
                  key: 'spent', title: 'Spent', width: 150, align: 'right', sorter: true, sortOrder: order('spent'), showSorterTooltip: false,
                  render: (_, f) => (
                    <span className={s.spent}>
                      <Money value={f.spent} strong />
                      <SpentByChannel fan={f} />
                    </span>
                  ),
                },
                {
                  key: 'status', title: 'Status', width: 130,
                  render: (_, f) => (
                    <span className={css.tags}>
                      {f.subscriptionStatus ? <Tag color={STATUS[f.subscriptionStatus]?.color}>{STATUS[f.subscriptionStatus]?.label}</Tag> : f.following ? <Tag>Follower</Tag> : <Tag>Buyer</Tag>}
                      {f.tier && <TierBadge tier={f.tier} />}
                      {f.blocked && <Tag color="red">Blocked</Tag>}
                    </span>
                  ),
                },
                {
                  key: 'since', title: 'Fan since', width: 120, sorter: true, sortOrder: order('since'), showSorterTooltip: false,
                  render: (_, f) => (
                    <span className={s.stack}>
                      {shortDate(f.fanSince)}
                      {f.subscribedSince && <span className="muted">subscribed {shortDate(f.subscribedSince)}</span>}
                    </span>
                  ),
                },
                { key: 'activity', title: 'Last activity', width: 110, sorter: true, sortOrder: order('activity'), showSorterTooltip: false, render: (_, f) => shortDate(f.lastActivityAt) },
                { key: 'note', title: 'Note', render: (_, f) => (f.note ? <span className={s.note}>{f.note}</span> : <span className="muted">—</span>) },
                {
                  key: 'actions', title: '', width: 120,
                  render: (_, f) => (
                    <span className={s.actions}>
                      {!f.blocked && (
                        <Button size="small" type="primary" href={`/messages?to=${f.user._id}&source=user`} icon={<MessageOutlined aria-hidden />} aria-label={`Message ${f.customName ?? f.user.name}`}>
                          Message
                        </Button>
                      )}
                      <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => openEdit(f)} aria-label={`Edit name and note for ${f.customName ?? f.user.name}`}>
                        Edit
                      </Button>
                    </span>
                  ),
                },
              ]}
            />
            {last?.next && (
              <div className={s.more}>
                <Button onClick={() => void pages.setSize(pages.size + 1)} loading={loading}>
                  Show more
                </Button>
              </div>
            )}
          </>
        )}
      </Card>
      <Modal
        title={editing ? `Your name and note for ${editing.user.name}` : ''}
        open={!!editing}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText="Save"
        confirmLoading={saving}
        destroyOnHidden
      >
        <p className="muted">Only you see these.</p>
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item name="customName" label="Custom name" rules={nameRules}>
            <Input maxLength={FAN_CUSTOM_NAME_MAX} showCount placeholder="A name only you see" />
          </Form.Item>
          <Form.Item name="note" label="Note" rules={noteRules}>
            <Input.TextArea maxLength={FAN_NOTE_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} placeholder="Anything you want to remember about this fan" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
