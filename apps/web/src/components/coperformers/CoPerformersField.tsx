'use client';
/**
 * "People in this content" (issue 28 §2), ONE field for the post composer, the video form, the
 * gallery form and the live studio: pick verified creators (search by name or username: GET
 * /performers/user/search, verified creators only, not yourself; videos and galleries only — a
 * post or a stream is public once saved, before a tag can be accepted) and/or releases on record (the
 * creator's own, GET /releases; rejected ones cannot be named); each entry shows its status. The
 * state lives in `useCoPerformers` (the editor sends `people.input()` as `coPerformers`).
 * Editors load it through `LazyCoPerformersField` (antd's Select stays out of their first load);
 * the refusal (422) beside the publish button is `PublishBlockedAlert`.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import Link from 'next/link';
import { Avatar, Button, Select, Spin, Tag, Typography } from 'antd';
import { CloseOutlined, FileProtectOutlined, UserOutlined } from '@ant-design/icons';
import type { PerformerListItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';
import { useCurrentUser } from '@/store';
import { PERSON_STATUS, isCleared, releaseName, type CoPerformersState, type Person, type PersonStatus } from './useCoPerformers';
import css from './coperformers.module.css';


export function PersonStatusTag({ status, kind }: { status: PersonStatus; kind: Person['kind'] }) {
  const s = PERSON_STATUS[status];
  const label = kind === 'release' && status === 'pending' ? 'Pending review' : s.label;
  return <Tag color={s.color} className={css.tag}>{label}</Tag>;
}

const SEARCH_DELAY_MS = 300;

function CreatorSearch({ id, exclude, onPick }: { id: string; exclude: Set<string>; onPick: (p: Person) => void }) {
  const me = useCurrentUser();
  const [found, setFound] = useState<PerformerListItem[]>([]);
  const [searching, setSearching] = useState(false);
  const [q, setQ] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const seq = useRef(0);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const search = (text: string) => {
    setQ(text);
    if (timer.current) clearTimeout(timer.current);
    const term = text.trim().replace(/^@/, '');
    if (term.length < 2) {
      setFound([]);
      setSearching(false);
      return;
    }
    setSearching(true);
    timer.current = setTimeout(() => {
      const mine = ++seq.current;
      call(routes.search.performersForUser, { query: { q: term, limit: 8 } })
        .then((r) => mine === seq.current && setFound(r.data.filter((c) => c.verified && c._id !== me?._id)))
        .catch(() => mine === seq.current && setFound([]))
        .finally(() => mine === seq.current && setSearching(false));
    }, SEARCH_DELAY_MS);
  };
  const options = found.filter((c) => !exclude.has(c._id)).map((c) => ({ value: c._id, label: c.username ? `${c.name} (@${c.username})` : c.name }));
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: search, searchValue: q }}
      value={null}
      placeholder="Search verified creators by name or username"
      aria-label="Tag a verified creator"
      notFoundContent={searching ? <Spin size="small" /> : q.trim().length < 2 ? 'Type at least 2 letters' : 'No verified creator found'}
      options={options}
      onChange={(v: string) => {
        const c = found.find((x) => x._id === v);
        if (!c) return;
        onPick({ kind: 'creator', id: c._id, name: c.name, detail: c.username ? `@${c.username}` : null, avatar: c.avatar, status: 'new' });
        setQ('');
        setFound([]);
      }}
      className={css.picker}
    />
  );
}

export default function CoPerformersField({ people, disabled }: { people: CoPerformersState; disabled?: boolean }) {
  const exclude = useMemo(() => new Set(people.people.filter((p) => p.kind === 'creator').map((p) => p.id)), [people.people]);
  const named = useMemo(() => new Set(people.people.filter((p) => p.kind === 'release').map((p) => p.id)), [people.people]);
  const releaseOptions = people.releases
    .filter((r) => r.status !== 'rejected' && !named.has(r._id))
    .map((r) => ({ value: r._id, label: `${releaseName(r)}${r.stageName ? ` (${r.legalName})` : ''} · ${r.status === 'approved' ? 'approved' : 'pending review'}` }));
  const waiting = people.people.filter((p) => !isCleared(p.status));
  const fieldId = `coperformers-${people.kind}`;
  // A tag is pending until the creator answers, and a post or a stream is public once saved: the API
  // refuses it (modules/releases README), so creators are tagged on videos and galleries (drafts first).
  const canTag = people.kind === 'video' || people.kind === 'gallery' || people.people.some((p) => p.kind === 'creator');

  return (
    <section className={css.field} aria-labelledby={`${fieldId}-title`}>
      <div className={css.head}>
        <h3 id={`${fieldId}-title`} className={css.title}>People in this content</h3>
        <Typography.Text type="secondary" className={css.lead}>
          Name everyone else who appears: a verified creator accepts the tag, anyone else needs a release on record approved by the team.
        </Typography.Text>
      </div>
      {people.loading ? (
        <Spin size="small" />
      ) : people.people.length > 0 ? (
        <ul className={css.list} aria-label="People in this content">
          {people.people.map((p) => (
            <li key={`${p.kind}:${p.id}`} className={css.row} aria-label={`${p.name}: ${p.kind === 'creator' ? 'tagged creator' : 'release'}`}>
              <Avatar size={32} src={p.avatar || undefined} icon={p.kind === 'creator' ? <UserOutlined /> : <FileProtectOutlined />} alt="" className={css.avatar} />
              <span className={css.who}>
                <span className={css.name}>{p.name}</span>
                <span className={css.detail}>{p.kind === 'creator' ? (p.detail ?? 'Creator') : 'Release on record'}</span>
              </span>
              <PersonStatusTag status={p.status} kind={p.kind} />
              <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`Remove ${p.name}`} disabled={disabled} onClick={() => people.remove(p.kind, p.id)} />
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary" className={css.none}>Nobody else is named.</Typography.Text>
      )}
      <div className={css.pickers}>
        {canTag ? (
          <div className={css.pick}>
            <label htmlFor={`${fieldId}-creator`} className={css.label}>Tag a verified creator</label>
            <CreatorSearch id={`${fieldId}-creator`} exclude={exclude} onPick={people.add} />
          </div>
        ) : (
          <Typography.Text type="secondary" className={css.note}>
            A tagged creator accepts after the tag is saved, and a {people.kind === 'feed' ? 'post is public' : 'stream is live'} as soon as it is saved: name people here by release. Tag creators on a video or gallery saved as a draft.
          </Typography.Text>
        )}
        <div className={css.pick}>
          <label htmlFor={`${fieldId}-release`} className={css.label}>Name a release on record</label>
          <Select
            id={`${fieldId}-release`}
            value={null}
            aria-label="Name a release on record"
            placeholder={people.releasesLoading ? 'Loading your releases…' : releaseOptions.length ? 'Choose a release' : 'No release to choose'}
            options={releaseOptions}
            disabled={disabled}
            loading={people.releasesLoading}
            onChange={(v: string) => {
              const r = people.releases.find((x) => x._id === v);
              if (r) people.add({ kind: 'release', id: r._id, name: releaseName(r), detail: null, avatar: null, status: r.status });
            }}
            className={css.picker}
          />
          <Link href="/creator/releases?new=1" target="_blank" className={css.link}>
            Add a release (opens a new tab)
          </Link>
        </div>
      </div>
      {waiting.length > 0 && (
        <Typography.Text type="secondary" className={css.note} role="note">
          It can be published once everyone is cleared (tags accepted, releases approved)
          {people.kind === 'video' || people.kind === 'gallery' ? '; meanwhile it saves as a draft.' : '.'}
        </Typography.Text>
      )}
    </section>
  );
}
