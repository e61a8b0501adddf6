'use client';
/**
 * While live: viewers (and how they watch: WebRTC or HLS), tips, time on air, the creator's upload
 * (bitrate and packet loss, with a warning when it is poor — the rule in upload.ts), the tip goal's
 * progress, and the Stop button.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Popconfirm, Progress, Tag } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import type { Stream } from '@stagepass/shared';
import { count, money } from '@/lib/format';
import { goalPercent, liveDuration } from './studio';
import { bitrateText, lossText } from './upload';
import type { UploadState } from './useUploadStats';
import type { PublishState } from '@/features/live/media/useLiveMedia';
import css from './live-studio.module.css';

const TYPE_LABEL: Record<Stream['type'], string> = { public: 'Public', group: 'Group', private: 'Private show' };
const STATE_TEXT: Record<PublishState, string> = {
  idle: 'Camera not on air',
  connecting: 'Connecting…',
  live: 'On air',
  reconnecting: 'Reconnecting…',
  failed: 'Connection lost',
};

export function useNow(intervalMs = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}

export default function LiveStats({ stream, publishState, upload = null, onStop, stopping, onRetry }: { stream: Stream; publishState: PublishState; upload?: UploadState | null; onStop: () => void; stopping: boolean; onRetry: () => void }) {
  const now = useNow();
  const percent = goalPercent(stream.tipsTotal, stream.tipGoal);
  // The camera is off (page closed, connection lost): the stream ends at `reconnectBy` unless it is back.
  const left = stream.reconnectBy && publishState !== 'live' ? Math.max(0, Math.ceil((new Date(stream.reconnectBy).getTime() - now) / 1000)) : null;
  return (
    <div>
      {left !== null && (
        <Alert
          type="warning"
          showIcon
          className={css.resume}
          title={stream.droppedAt ? 'Your viewers are waiting for you' : 'Your camera is not on air yet'}
          description={
            <>
              <p className={css.resumeText}>The stream ends in {left} s unless your camera is back. Send it to carry on.</p>
              <Button type="primary" onClick={onRetry}>
                Send camera
              </Button>
            </>
          }
          data-testid="studio-reconnect"
        />
      )}
      {upload?.poor && upload.figures && left === null && (
        <Alert
          type="warning"
          showIcon
          className={css.resume}
          title="Your upload is weak"
          description={`Viewers may see a blurry or frozen picture (${bitrateText(upload.figures.kbps)}${upload.figures.lossPercent !== null ? `, ${lossText(upload.figures.lossPercent)}` : ''}). Pause other uploads and downloads, move closer to your Wi-Fi router or use a cable.`}
          data-testid="upload-warning"
        />
      )}
      <div className={css.actions}>
        <Tag color={publishState === 'live' ? 'red' : publishState === 'failed' ? 'default' : 'orange'} className={css.liveTag} role="status" aria-live="polite">
          {STATE_TEXT[publishState]}
        </Tag>
        <Tag>{TYPE_LABEL[stream.type]}</Tag>
        {stream.type === 'group' && stream.price !== null && <Tag>Ticket {money(stream.price)}</Tag>}
        {stream.type === 'private' && stream.price !== null && <Tag>{money(stream.price)}/min</Tag>}
        {(publishState === 'failed' || publishState === 'idle') && left === null && <Button onClick={onRetry}>Send camera</Button>}
        <Popconfirm title="End the stream?" description="Viewers will see that the stream has ended." okText="End stream" cancelText="Keep streaming" onConfirm={onStop}>
          <Button danger icon={<StopOutlined />} loading={stopping}>
            Stop live stream
          </Button>
        </Popconfirm>
      </div>
      <p className={css.streamTitle}>{stream.title}</p>
      <div className={css.stats}>
        <div className={css.stat}>
          <span className={css.statLabel} id="studio-viewers">Viewers</span>
          <span className={css.statValue} aria-labelledby="studio-viewers" data-testid="viewer-count">
            {count(stream.viewerCount)}
          </span>
          {stream.audience && (
            <span className={css.statSub} data-testid="audience-paths">
              <span className={css.nowrap}>{count(stream.audience.webrtc)} WebRTC</span> · <span className={css.nowrap}>{count(stream.audience.hls)} HLS</span>
            </span>
          )}
        </div>
        <div className={css.stat}>
          <span className={css.statLabel} id="studio-tips">Tips</span>
          <span className={css.statValue} aria-labelledby="studio-tips" data-testid="tips-total">
            {money(stream.tipsTotal)}
          </span>
        </div>
        <div className={css.stat}>
          <span className={css.statLabel} id="studio-time">Time live</span>
          <span className={css.statValue} aria-labelledby="studio-time">
            {liveDuration(stream.startedAt, now)}
          </span>
        </div>
        {upload && (
          <div className={css.stat}>
            <span className={css.statLabel} id="studio-upload">
              Upload
            </span>
            <span className={css.statValue} aria-labelledby="studio-upload" data-testid="upload-bitrate">
              {upload.figures ? (
                <>
                  {count(Math.round(upload.figures.kbps))}
                  <span className={css.statUnit}> kbit/s</span>
                </>
              ) : (
                '…'
              )}
            </span>
            <span className={css.statSub} data-testid="upload-loss">
              {upload.figures?.lossPercent != null ? lossText(upload.figures.lossPercent) : 'Loss: measuring…'}
            </span>
          </div>
        )}
      </div>
      {percent !== null && (
        <div className={css.goal}>
          <div className={css.goalHead}>
            <span>Tip goal</span>
            <span>
              {money(stream.tipsTotal)} of {money(stream.tipGoal)}
            </span>
          </div>
          <Progress percent={percent} aria-label="Tip goal progress" strokeColor={{ from: '#7c3aed', to: '#ec4899' }} />
        </div>
      )}
    </div>
  );
}
