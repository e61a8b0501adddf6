'use client';
/**
 * /admin/content (operators): every post, video, gallery and product (GET /admin/content), a tab
 * per kind; Creator, Status and Hidden filters and a search in the URL. Hide (with the reason the
 * owner is told) and Unhide on each row (POST /admin/content/{kind}/{id}/hide | unhide, audited); on a hidden post,
 * "Block media" puts its pictures and videos on the screening blocklist (POST /admin/screening/blocklist/content/{kind}/{id}).
 */
import { useState, type HTMLAttributes } from 'react';
import useSWR from 'swr';
import { App, Button, Card, Input, Modal, Select, Space, Tabs, Typography } from 'antd';
import { ADMIN_CONTENT_STATUSES, FEED_STATUSES, HIDEABLE_KINDS, MESSAGES, type ContentSummary, type HideableKind } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, routeKey } from '@/lib/api';
import { fullDate } from '@/lib/format';
import { EmptyState } from '@/components/states';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { CONTENT_STATUS_LABEL, ItemCell, OwnerCell } from './moderation-ui';
import HlsBackfillPanel from './HlsBackfillPanel';
import css from './admin-moderation.module.css';

const TAB_LABEL: Record<HideableKind, string> = { feed: 'Posts', video: 'Videos', gallery: 'Galleries', product: 'Products' };
const oneOf = <T extends string>(list: readonly T[], v: string | undefined) => (v && (list as readonly string[]).includes(v) ? (v as T) : undefined);
const statusesOf = (kind: HideableKind) => ADMIN_CONTENT_STATUSES.filter((s) => (kind === 'feed') === (FEED_STATUSES as readonly string[]).includes(s));

/** Creators by name or username (GET /admin/users?role=performer&q=), for the Creator filter. */
function CreatorFilter({ value, onChange }: { value: string | undefined; onChange: (id: string | null) => void }) {
  const [q, setQ] = useState('');
  const { data, isLoading } = useSWR(routeKey(routes.users.adminList, { query: { role: 'performer', limit: 20, ...(q ? { q } : {}) } }));
  const list = (data as { data: Array<{ _id: string; name: string; username: string | null }> } | undefined)?.data ?? [];
  return (
    <Select
      id="content-creator"
      placeholder="Any creator"
      allowClear
      showSearch={{ filterOption: false, onSearch: (v) => setQ(v.trim()) }}
      loading={isLoading}
      value={value}
      onChange={(v?: string) => onChange(v ?? null)}
      options={list.map((u) => ({ value: u._id, label: u.username ? `${u.name || u.username} (@${u.username})` : u.name }))}
      notFoundContent={isLoading ? 'Searching…' : 'No creator found'}
      className={css.select}
    />
  );
}

export default function AdminContent() {
  const { message } = App.useApp();
  const table = useRouteTable(routes.reports.adminContent, {
    sortBy: 'createdAt',
    query: (api, { filters }) => {
      const kind = oneOf(HIDEABLE_KINDS, filters.kind) ?? 'feed';
      return {
        offset: api.offset, limit: api.limit, sort: api.sort, sortBy: api.sortBy === 'updatedAt' ? 'updatedAt' : 'createdAt', kind,
        status: oneOf(statusesOf(kind), filters.status), hidden: oneOf(['true', 'false'] as const, filters.hidden),
        performerId: filters.performerId || undefined, q: filters.q?.trim() || undefined,
      };
    },
  });
  const { t, mutate } = table;
  const f = t.query.filters;
  const kind = oneOf(HIDEABLE_KINDS, f.kind) ?? 'feed';
  const status = oneOf(statusesOf(kind), f.status);
  const hidden = oneOf(['true', 'false'] as const, f.hidden);
  const filtered = Boolean(status || hidden || f.performerId || f.q);
  const [hiding, setHiding] = useState<ContentSummary | null>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const hide = async () => {
    if (!hiding) return;
    if (!reason.trim()) return setMissing(true);
    setBusy(hiding._id);
    try {
      await call(routes.reports.adminHide, { params: { kind, id: hiding._id }, body: { reason: reason.trim() } });
      message.success('Hidden: its owner was told why');
      setHiding(null);
      setReason('');
      void mutate();
    } catch (e) {
      message.error(errorText(e, MESSAGES.updateFailed));
    } finally {
      setBusy(null);
    }
  };
  const unhide = async (item: ContentSummary) => {
    setBusy(item._id);
    try {
      await call(routes.reports.adminUnhide, { params: { kind, id: item._id } });
      message.success('Visible again');
      void mutate();
    } catch (e) {
      message.error(errorText(e, MESSAGES.updateFailed));
    } finally {
      setBusy(null);
    }
  };

  /** Upload screening: a removed post's pictures and videos onto the blocklist, so copies are stopped at upload. */
  const blockMedia = async (item: ContentSummary) => {
    setBusy(item._id);
    try {
      const r = await call(routes.screening.blockContent, { params: { kind, id: item._id }, body: { label: `Removed post: ${item.title}`.slice(0, 200) } });
      message.success(r.added ? `Its media are on the blocklist (${r.added} hash${r.added === 1 ? '' : 'es'})` : 'Its media were on the blocklist already');
    } catch (e) {
      message.error(errorText(e, MESSAGES.updateFailed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="page">
      <h1 className="page-title">Content</h1>
      <p className="page-lead">Every post, video, gallery and product, drafts and hidden ones included. A hidden item is gone for everyone but its owner and the team.</p>
      <HlsBackfillPanel />
      <Card styles={{ body: { padding: 12 } }}>
        <Tabs
          className={css.tabs}
          activeKey={kind}
          onChange={(k) => t.set({ kind: k === 'feed' ? null : k, status: null })}
          items={HIDEABLE_KINDS.map((k) => ({ key: k, label: TAB_LABEL[k] }))}
        />
        <FilterBar label="Filter content">
          <div className={css.filter}>
            <label htmlFor="content-creator">Creator</label>
            <CreatorFilter value={f.performerId || undefined} onChange={(id) => t.set({ performerId: id })} />
          </div>
          <div className={css.filter}>
            <label htmlFor="content-status">Status</label>
            <Select id="content-status" placeholder="Any status" allowClear value={status} onChange={(v?: string) => t.set({ status: v ?? null })} options={statusesOf(kind).map((s) => ({ value: s, label: CONTENT_STATUS_LABEL[s] ?? s }))} className={css.select} />
          </div>
          <div className={css.filter}>
            <label htmlFor="content-hidden">Hidden</label>
            <Select id="content-hidden" placeholder="Hidden or not" allowClear value={hidden} onChange={(v?: string) => t.set({ hidden: v ?? null })} options={[{ value: 'true', label: 'Hidden' }, { value: 'false', label: 'Not hidden' }]} className={css.select} />
          </div>
          <div className={css.filter}>
            <label htmlFor="content-q">Search</label>
            <Input.Search id="content-q" aria-label="Search content" placeholder="Words in the text or title" allowClear defaultValue={f.q} onSearch={(v) => t.set({ q: v.trim() || null })} className={css.search} />
          </div>
          {filtered && (
            <Button onClick={() => t.set({ status: null, hidden: null, performerId: null, q: null })} className={css.keep}>
              Clear filters
            </Button>
          )}
        </FilterBar>
        <QueryTable<ContentSummary>
          table={table}
          errorTitle="Content didn't load"
          totalLabel={(n) => `${n} ${n === 1 ? TAB_LABEL[kind].toLowerCase().replace(/s$/, '').replace(/ie$/, 'y') : TAB_LABEL[kind].toLowerCase()}`}
          empty={<EmptyState title={filtered ? 'Nothing matches' : `No ${TAB_LABEL[kind].toLowerCase()} yet`} description={filtered ? 'Nothing matches these filters.' : undefined} />}
          cardsLabel="Content list"
          size="middle"
          scroll={{ x: 900 }}
          onRow={(i) => ({ 'aria-label': i.title || TAB_LABEL[kind] }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'item', title: 'Item', width: 380, render: (_, i) => <ItemCell item={i} kind={kind} /> },
            { key: 'owner', title: 'Creator', width: 190, render: (_, i) => <OwnerCell owner={i.owner} /> },
            { key: 'createdAt', title: 'Created', dataIndex: 'createdAt', width: 170, sorter: true, sortOrder: t.sortOrder('createdAt'), render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            {
              key: 'actions',
              title: <span className="sr-only">Actions</span>,
              width: 140,
              render: (_, i) =>
                i.hidden ? (
                  <Space orientation="vertical" size={6}>
                    <Button block loading={busy === i._id} onClick={() => void unhide(i)} aria-label={`Unhide ${i.title || 'this item'}`}>
                      Unhide
                    </Button>
                    {kind === 'feed' && (
                      <Button block loading={busy === i._id} onClick={() => void blockMedia(i)} aria-label={`Add the media of ${i.title || 'this item'} to the blocklist`}>
                        Block media
                      </Button>
                    )}
                  </Space>
                ) : (
                  <Button danger onClick={() => setHiding(i)} aria-label={`Hide ${i.title || 'this item'}`}>
                    Hide
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Modal
        open={Boolean(hiding)}
        title={`Hide ${hiding?.title ? `“${hiding.title}”` : 'this item'}`}
        okText="Hide"
        okButtonProps={{ danger: true, loading: busy !== null }}
        cancelText="Cancel"
        onOk={() => void hide()}
        onCancel={() => {
          setHiding(null);
          setReason('');
          setMissing(false);
        }}
        destroyOnHidden
      >
        <label htmlFor="content-hide-reason" className={css.muted}>
          Reason for hiding
        </label>
        <Input.TextArea id="content-hide-reason" rows={3} maxLength={500} showCount value={reason} status={missing ? 'error' : undefined} aria-invalid={missing} onChange={(e) => { setReason(e.target.value); setMissing(false); }} placeholder="The owner sees this reason" />
        {missing && <Typography.Text type="danger">Required</Typography.Text>}
      </Modal>
    </div>
  );
}
