'use client';
/**
 * /admin/streams (operators; issue 28 §6): the live streams now — GET /admin/streams, private shows
 * included — with the creator, the kind, the viewers and the start; metadata only (no video, no
 * chat, not who a private show is with). "Watch (audited)" opens /admin/streams/{id}, which asks
 * why first (the reason goes to the audit log) and then plays the stream with its chat. "End" ends
 * it for everyone (audited by the API). The page follows 'stream/status' (public and group streams
 * starting or ending) and refreshes every 30 s for what no event tells (viewer counts, private shows).
 */
import type { HTMLAttributes } from 'react';
import Link from 'next/link';
import { App, Avatar, Button, Card, Input, Popconfirm, Select, Tag } from 'antd';
import { EyeOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, LIVE_KINDS, liveKindOf, type LiveKind, type Stream } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { compactNumber, fullDate, money, plural, timeAgo } from '@/lib/format';
import { useSocketEvent } from '@/lib/socket';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { EmptyState } from '@/components/states';
import css from './admin-live.module.css';

export const LIVE_KIND_LABEL: Record<LiveKind, string> = { public: 'Public', subscribers: 'Subscribers', ticket: 'Ticket', private: 'Private show' };
/** What the kind costs a viewer. */
function kindHint(k: LiveKind, price: number | null): string {
  if (k === 'public') return 'Free for followers';
  if (k === 'subscribers') return 'Current subscribers';
  if (k === 'ticket') return price !== null ? `${money(price)} ticket` : 'Ticketed';
  return price !== null ? `${money(price)} a minute, one fan` : 'One fan';
}
const REFRESH_MS = 30_000;
const oneOf = <T extends string>(list: readonly T[], v: string | undefined) => (v && (list as readonly string[]).includes(v) ? (v as T) : undefined);
const nameOf = (s: Stream) => s.performer?.name || s.performer?.username || 'a creator';

export default function AdminLiveStreams() {
  const { message } = App.useApp();
  const table = useRouteTable(routes.streaming.adminLive, {
    sortBy: 'startedAt',
    pageSize: 20,
    query: (api, { filters }) => ({ offset: api.offset, limit: api.limit, kind: oneOf(LIVE_KINDS, filters.kind), q: filters.q?.trim() || undefined }),
    refreshInterval: () => REFRESH_MS,
  });
  const { t, mutate } = table;
  const kind = oneOf(LIVE_KINDS, t.query.filters.kind);
  const q = t.query.filters.q?.trim() || '';
  useSocketEvent('stream/status', () => void mutate());

  const end = async (s: Stream) => {
    try {
      await call(routes.streaming.end, { params: { id: s._id } });
      message.success(`${nameOf(s)}'s stream was ended`);
    } catch (e) {
      message.error(errorText(e));
    }
    void mutate();
  };

  return (
    <div className="container page">
      <h1 className="page-title">Live streams</h1>
      <p className="page-lead">
        Who is live now, private shows included. Watching a stream opens its video and chat: the console asks why, and the read goes to the audit log and to the data
        export of the creator (and of a private show&rsquo;s fan). Free public streams are open to anyone signed in.
      </p>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter live streams">
          <div className={css.filter}>
            <label htmlFor="live-kind" className={css.filterLabel}>
              Kind
            </label>
            <Select
              id="live-kind"
              value={kind ?? 'all'}
              onChange={(v: string) => t.set({ kind: v === 'all' ? null : v })}
              options={[{ value: 'all', label: 'All kinds' }, ...LIVE_KINDS.map((k) => ({ value: k, label: LIVE_KIND_LABEL[k] }))]}
              className={css.kinds}
            />
          </div>
          <div className={css.filter}>
            <label htmlFor="live-q" className={css.filterLabel}>
              Search
            </label>
            <Input.Search id="live-q" placeholder="Creator or title" allowClear defaultValue={q} onSearch={(v) => t.set({ q: v.trim() || null })} className={css.search} />
          </div>
          {(kind || q) && (
            <Button onClick={() => t.set({ kind: null, q: null })} className={css.keep}>
              Clear filters
            </Button>
          )}
        </FilterBar>
        <QueryTable<Stream>
          table={table}
          errorTitle="Live streams didn't load"
          totalLabel={(n) => plural(n, 'live stream')}
          empty={
            kind || q ? (
              <EmptyState title="No live stream matches" description="Nothing live matches these filters right now." />
            ) : (
              <EmptyState title="No live streams right now" description="When a creator goes live or starts a private show, it shows here." />
            )
          }
          cardsLabel="Live streams list"
          scroll={{ x: 860 }}
          size="middle"
          onRow={(s) => ({ 'aria-label': `Live stream of ${nameOf(s)}: ${s.title}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'creator', title: 'Creator', width: 200, render: (_, s) =>
                s.performer ? (
                  <Link href={`/admin/users/${s.performerId}`} className={css.creator}>
                    <Avatar size={28} src={s.performer.avatar || DEFAULT_AVATAR} alt="" />
                    <span className={css.creatorText}>
                      <span>{nameOf(s)}</span>
                      {s.performer.username && <span className={css.small}>@{s.performer.username}</span>}
                    </span>
                  </Link>
                ) : (
                  '—'
                ),
            },
            { key: 'title', title: 'Title', dataIndex: 'title', width: 200, render: (v: string) => <span className={css.title}>{v}</span> },
            {
              key: 'kind', title: 'Kind', width: 130,
              render: (_, s) => {
                const k = liveKindOf(s);
                return (
                  <span className={css.stack}>
                    <Tag className={css.tag}>{LIVE_KIND_LABEL[k]}</Tag>
                    <span className={css.small}>{kindHint(k, s.price)}</span>
                  </span>
                );
              },
            },
            {
              key: 'viewers', title: 'Viewers', dataIndex: 'viewerCount', width: 90, align: 'right',
              render: (v: number) => (
                <span className={css.nowrap} aria-label={plural(v, 'viewer')}>
                  <EyeOutlined aria-hidden /> {compactNumber(v)}
                </span>
              ),
            },
            { key: 'startedAt', title: 'Started', dataIndex: 'startedAt', width: 110, render: (v: string) => <time dateTime={v} title={fullDate(v)} className={css.nowrap}>{timeAgo(v)}</time> },
            {
              key: 'actions', title: 'Actions', width: 200,
              render: (_, s) => (
                <span className={css.actions}>
                  <Link href={`/admin/streams/${s._id}`} aria-label={`Watch ${nameOf(s)}'s stream (audited)`} className={css.watch}>
                    <PlayCircleOutlined aria-hidden /> Watch (audited)
                  </Link>
                  <Popconfirm
                    title={`End ${nameOf(s)}'s stream for everyone?`}
                    description="The creator and viewers are told it was ended by the site's team."
                    okText="End stream"
                    okButtonProps={{ danger: true }}
                    cancelText="Cancel"
                    onConfirm={() => end(s)}
                  >
                    {/* Not a red button: the dark theme's red text is below 4.5:1 on a card; the confirmation's button is red. */}
                    <Button size="small" icon={<StopOutlined aria-hidden />} aria-label={`End ${nameOf(s)}'s stream`}>
                      End
                    </Button>
                  </Popconfirm>
                </span>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
