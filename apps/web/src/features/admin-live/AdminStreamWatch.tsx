'use client';
/**
 * /admin/streams/{id} (operators; issue 28 §6): one live stream watched from the console — POST
 * /admin/streams/{id}/watch first, an audited read: the console asks why (AccessReasonDialog
 * through lib/api.ts), the API writes the reason to the audit log (the creator's and a private
 * show's fan's data exports list it) and grants this operator the stream until it ends. Then the
 * live page's own watcher (features/live/LiveWatch: player, chat, viewers, "End stream"), which
 * joins and renews through GET /streaming/join like any viewer's. Asked once per page: not again
 * on focus or reconnect (each watch is another audit row).
 */
import Link from 'next/link';
import useSWR from 'swr';
import { Alert, Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { liveKindOf } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, type ApiFailure } from '@/lib/api';
import { AuditedReadFailure, READ_ONCE } from '@/components/AuditedRead';
import { EmptyState } from '@/components/states';
import LiveWatch from '@/features/live/LiveWatch';
import { LivePageSkeleton } from '@/features/live/LivePage';
import { LIVE_KIND_LABEL } from './AdminLiveStreams';
import css from './admin-live.module.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default function AdminStreamWatch({ id }: { id: string }) {
  const valid = UUID.test(id);
  const { data, error, mutate } = useSWR(valid ? ['POST', routes.streaming.adminWatch.path, id] : null, () => call(routes.streaming.adminWatch, { params: { id } }), READ_ONCE);
  const back = (
    <Link href="/admin/streams" className={css.back}>
      <ArrowLeftOutlined aria-hidden /> Live streams
    </Link>
  );
  if (!valid || (error && !data)) {
    const ended = (error as ApiFailure | undefined)?.statusCode === 409;
    return (
      <div className="container page">
        {back}
        {ended ? (
          <EmptyState
            title="This stream has ended"
            description="Nothing is live here any more: its chat and video are closed."
            action={
              <Link href="/admin/streams">
                <Button>See who is live</Button>
              </Link>
            }
          />
        ) : (
          <AuditedReadFailure error={error} thing="live stream" notFoundMessage="It may have ended long ago, or the link is wrong." reasonMessage="Watching it needs a reason: it is kept in the audit log." invalid={!valid} onRetry={() => void mutate()} />
        )}
      </div>
    );
  }
  if (!data) {
    return (
      <div className="container page" aria-busy>
        {back}
        <LivePageSkeleton />
      </div>
    );
  }
  const s = data.stream;
  const creator = s.performer ?? { _id: s.performerId, name: '', username: '', avatar: '' };
  const name = creator.name || creator.username || 'the creator';
  const kind = liveKindOf(s);
  return (
    <div className="container page">
      {back}
      <Alert
        className={css.notice}
        type="info"
        showIcon
        title={`Watching with your reason · ${LIVE_KIND_LABEL[kind]}`}
        description={`This watch is in the audit log, and ${name}${kind === 'private' ? ' and the fan in this private show' : ''} can see in their data export that an operator watched it. It lasts until the stream ends.`}
      />
      <LiveWatch stream={s} performer={creator} />
    </div>
  );
}
