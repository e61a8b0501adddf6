'use client';
/**
 * The HLS backfill's progress on /admin/content (modules/media README "HLS"): private videos
 * packaged as encrypted HLS / failed / waiting. Videos processed before HLS existed are packaged by
 * a background job after the upgrade; viewers cannot play one until it is done. Refreshes every
 * 10 s while any is waiting; "Retry failed" queues the failed ones again.
 */
import { useState } from 'react';
import { Alert, App, Button, Card, Progress, Skeleton, Space, Statistic } from 'antd';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import css from './admin-moderation.module.css';

export default function HlsBackfillPanel() {
  const { message } = App.useApp();
  const progress = useRoute(routes.media.adminHls, {}, { refreshInterval: (d) => (d && d.pending > 0 ? 10_000 : 0) });
  const [busy, setBusy] = useState(false);
  const p = progress.data;
  const retry = async () => {
    setBusy(true);
    try {
      const res = await call(routes.media.adminHlsRetry, {});
      await progress.mutate(res, { revalidate: false });
      message.success('The failed videos are queued again');
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Video streaming (encrypted HLS)" className={css.hlsCard} aria-busy={progress.isLoading}>
      {progress.error && <Alert type="error" showIcon role="alert" title={errorText(progress.error, "The packaging progress didn't load")} />}
      {!p && !progress.error && <Skeleton active paragraph={{ rows: 1 }} />}
      {p && (
        <>
          <Progress
            percent={p.total ? Math.floor((p.done / p.total) * 100) : 100}
            status={p.failed ? 'exception' : p.pending ? 'active' : 'success'}
            aria-label="Videos packaged"
          />
          <Space size="large" wrap>
            <Statistic title="Packaged" value={p.done} suffix={`/ ${p.total}`} />
            <Statistic title="Waiting" value={p.pending} />
            <Statistic title="Failed" value={p.failed} />
            {p.failed > 0 && (
              <Button onClick={retry} loading={busy}>
                Retry failed
              </Button>
            )}
          </Space>
          {p.total === 0 && <p className={css.hlsHelp}>No paid or subscriber video yet.</p>}
          {p.pending > 0 && <p className={css.hlsHelp}>Videos uploaded before streaming was turned on are being packaged in the background; viewers can play each one once it is done.</p>}
        </>
      )}
    </Card>
  );
}
