'use client';
/**
 * The studio's Moderation card: the creator's appointed stream moderators (GET
 * /streaming/moderators, "Remove") and the bans and time-outs in force on their streams (GET
 * /streaming/bans, "Lift"). Moderators are appointed from a chat message's menu; a ban from the
 * chat revalidates the list (useModeration).
 */
import { useState, type ReactNode } from 'react';
import { Alert, App, Avatar, Button, Card, Skeleton, Tag } from 'antd';
import { DEFAULT_AVATAR, type StreamBan } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { fullDate } from '@/lib/format';
import { useRoute, type ListRow } from '@/lib/swr';
import { EmptyState } from '@/components/states';
import css from './live-studio.module.css';

type Moderator = ListRow<typeof routes.streaming.moderators>;
type Person = Moderator['user'];

const nameOf = (u: Person, fallback = 'This user') => u?.name || u?.username || fallback;

function ListSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading">
      <Skeleton active avatar title={{ width: '40%' }} paragraph={{ rows: 1, width: '60%' }} />
    </div>
  );
}

function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={`We couldn't load ${what}.`}
      action={
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

function Row({ user, detail, action }: { user: Person; detail: ReactNode; action: ReactNode }) {
  return (
    <li className={css.request}>
      <div className={css.requestWho}>
        <Avatar src={user?.avatar || DEFAULT_AVATAR} alt="" size={36} className={css.avatar} />
        <div className={css.who}>
          <div className={css.requestName}>{nameOf(user)}</div>
          {detail && <div className={`${css.muted} ${css.small} ${css.detail}`}>{detail}</div>}
        </div>
      </div>
      <div className={css.actions}>{action}</div>
    </li>
  );
}

function banDetail(b: StreamBan) {
  return (
    <>
      <span className={css.banWhen}>
        {b.until ? (
          <>
            <Tag color="orange">Timed out</Tag>
            <span>until {fullDate(b.until)}</span>
          </>
        ) : (
          <Tag color="red">Banned</Tag>
        )}
      </span>
      {b.reason && <span className={css.reason}>{b.reason}</span>}
    </>
  );
}

export default function ModerationCard() {
  const { message } = App.useApp();
  const moderators = useRoute(routes.streaming.moderators);
  const bans = useRoute(routes.streaming.bans);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, action: () => Promise<unknown>, done: string, list: { mutate: () => Promise<unknown> }) => {
    setBusy(key);
    try {
      await action();
      void message.success(done);
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(null);
      void list.mutate();
    }
  };

  const removeModerator = (m: Moderator) =>
    run(`mod:${m.userId}`, () => call(routes.streaming.removeModerator, { params: { userId: m.userId } }), `${nameOf(m.user)} is no longer a moderator`, moderators);
  const lift = (b: StreamBan) => run(`ban:${b.userId}`, () => call(routes.streaming.unban, { params: { userId: b.userId } }), `${nameOf(b.user)} can watch and chat again`, bans);

  const moderatorRows = moderators.data?.data ?? [];
  const banRows = bans.data?.data ?? [];

  return (
    <Card className={css.card}>
      <h2 className={css.cardTitle}>Moderation</h2>
      <p className={`${css.muted} ${css.lead}`}>Moderators can delete messages, clear the chat, time out and ban viewers, and set slow mode in all your streams.</p>

      <h3 className={css.subTitle}>Moderators</h3>
      {moderators.error && !moderators.data ? (
        <LoadError what="your moderators" onRetry={() => void moderators.mutate()} />
      ) : !moderators.data ? (
        <ListSkeleton />
      ) : moderatorRows.length === 0 ? (
        <EmptyState title="No moderators yet" description="Appoint one from a chat message's menu." />
      ) : (
        <ul className={css.requests} aria-label="Moderators">
          {moderatorRows.map((m) => (
            <Row
              key={m.userId}
              user={m.user}
              detail={m.user?.username ? `@${m.user.username}` : null}
              action={
                <Button onClick={() => void removeModerator(m)} loading={busy === `mod:${m.userId}`} disabled={busy !== null && busy !== `mod:${m.userId}`} aria-label={`Remove ${nameOf(m.user)} as moderator`}>
                  Remove
                </Button>
              }
            />
          ))}
        </ul>
      )}

      <h3 className={css.subTitle}>Banned and timed out</h3>
      {bans.error && !bans.data ? (
        <LoadError what="the bans" onRetry={() => void bans.mutate()} />
      ) : !bans.data ? (
        <ListSkeleton />
      ) : banRows.length === 0 ? (
        <EmptyState title="Nobody is banned" description="Viewers you ban or time out from the chat appear here." />
      ) : (
        <ul className={css.requests} aria-label="Banned and timed out">
          {banRows.map((b) => (
            <Row
              key={b.userId}
              user={b.user}
              detail={banDetail(b)}
              action={
                <Button onClick={() => void lift(b)} loading={busy === `ban:${b.userId}`} disabled={busy !== null && busy !== `ban:${b.userId}`} aria-label={`Lift ${nameOf(b.user)}'s ban`}>
                  Lift
                </Button>
              }
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
