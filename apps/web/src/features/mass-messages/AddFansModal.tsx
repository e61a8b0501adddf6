'use client';
import { useMemo, useState } from 'react';
import { Alert, App, Avatar, Button, Checkbox, Input, Modal, Radio, Skeleton, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, type FanList } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { plural } from '@/lib/format';
import { useRouteList } from '@/lib/use-infinite-list';
import { EmptyState, ErrorState } from '@/components/states';
import css from './mass-messages.module.css';

type Source = 'followers' | 'subscribers';
interface Fan {
  id: string;
  name: string;
  username: string | null;
  avatar: string;
  note?: string;
}
const PAGE = 20;
const SUB_NOTE: Record<string, string> = { active: 'Subscriber', past_due: 'Payment due', cancelled: 'Cancelled', expired: 'Former subscriber' };

/**
 * "Add fans" to a list: the creator's followers (GET /follows/followers, by name) or subscribers
 * (GET /subscriptions/performer/search, any status; shown first), 20 at a time with "Load more", a name filter
 * over what is loaded, and checkboxes → POST /messages/lists/{id}/members (idempotent).
 */
export default function AddFansModal({ open, list, onClose, onAdded }: { open: boolean; list: FanList; onClose: () => void; onAdded: () => void }) {
  return (
    <Modal open={open} onCancel={onClose} title={`Add fans to “${list.name}”`} footer={null} destroyOnHidden width={560}>
      <Picker list={list} onClose={onClose} onAdded={onAdded} />
    </Modal>
  );
}

function Picker({ list, onClose, onAdded }: { list: FanList; onClose: () => void; onAdded: () => void }) {
  const { message } = App.useApp();
  const [source, setSource] = useState<Source>('subscribers');
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<Map<string, Fan>>(new Map());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const followers = useRouteList(source === 'followers' ? routes.follows.followers : null, { query: { sortBy: 'name', sort: 'asc' } }, PAGE);
  const subscribers = useRouteList(source === 'subscribers' ? routes.subscriptions.subscribers : null, { query: { sortBy: 'updatedAt' } }, PAGE);
  const cur = source === 'followers' ? followers : subscribers;

  const fans = useMemo<Fan[]>(() => {
    const rows: Fan[] =
      source === 'followers'
        ? followers.items.map((f) => ({ id: f._id, name: f.name, username: f.username, avatar: f.avatar }))
        : subscribers.items.filter((s) => s.user).map((s) => ({ id: s.userId, name: s.user!.name, username: s.user!.username, avatar: s.user!.avatar, note: SUB_NOTE[s.status] ?? s.status }));
    const seen = new Set<string>();
    const q = filter.trim().toLowerCase();
    return rows.filter((r) => !seen.has(r.id) && seen.add(r.id) && (!q || r.name.toLowerCase().includes(q) || (r.username ?? '').toLowerCase().includes(q)));
  }, [source, followers.items, subscribers.items, filter]);

  const toggle = (fan: Fan, on: boolean) =>
    setPicked((m) => {
      const next = new Map(m);
      if (on) next.set(fan.id, fan);
      else next.delete(fan.id);
      return next;
    });

  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      const ids = [...picked.keys()];
      await call(routes.messages.addListMembers, { params: { id: list._id }, body: { userIds: ids.slice(0, 500) } });
      message.success(`${plural(ids.length, 'fan')} added to ${list.name}`);
      onAdded();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className={css.pickBar}>
        <Radio.Group
          aria-label="Choose from"
          optionType="button"
          value={source}
          onChange={(e) => setSource(e.target.value as Source)}
          options={[
            { value: 'subscribers', label: 'Subscribers' },
            { value: 'followers', label: 'Followers' },
          ]}
        />
        <Input aria-label="Filter fans" placeholder="Filter by name" prefix={<SearchOutlined aria-hidden="true" />} allowClear value={filter} onChange={(e) => setFilter(e.target.value)} className={css.pickSearch} />
      </div>

      {cur.error && !cur.items.length ? (
        <ErrorState title={`Your ${source} didn't load`} message={errorText(cur.error)} onRetry={() => void cur.mutate()} />
      ) : cur.isLoading ? (
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      ) : fans.length === 0 ? (
        <EmptyState title={filter ? 'Nobody matches' : source === 'followers' ? 'No followers yet' : 'No subscribers yet'} description={filter && cur.hasMore ? 'Load more fans to search further.' : undefined} />
      ) : (
        <ul className={css.pickList} aria-label={source === 'followers' ? 'Followers' : 'Subscribers'}>
          {fans.map((f) => (
            <li key={f.id} className={css.pickRow}>
              <label>
                <Checkbox checked={picked.has(f.id)} onChange={(e) => toggle(f, e.target.checked)} aria-label={f.name} />
                <Avatar size={32} src={f.avatar || DEFAULT_AVATAR} alt="" />
                <span className={css.user}>
                  <span>
                    {f.name}
                    {f.username && <span className="muted"> @{f.username}</span>}
                  </span>
                </span>
                {f.note && <Tag>{f.note}</Tag>}
              </label>
            </li>
          ))}
        </ul>
      )}
      {cur.hasMore && (
        <div className={css.more}>
          <Button onClick={cur.loadMore} loading={cur.isLoadingMore}>
            Load more
          </Button>
        </div>
      )}

      {error && <Alert type="error" showIcon title={error} role="alert" className={css.gap} />}
      <div className={css.pickFoot}>
        <Typography.Text type="secondary" role="status">
          {picked.size ? `${plural(picked.size, 'fan')} selected` : 'Select fans to add'}
        </Typography.Text>
        <span>
          <Button onClick={onClose}>Cancel</Button>{' '}
          <Button type="primary" disabled={!picked.size} loading={busy} onClick={() => void add()}>
            Add to list
          </Button>
        </span>
      </div>
    </>
  );
}
