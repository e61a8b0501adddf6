'use client';
/**
 * The leak tracer (API modules/protection README "The tracer"): upload a leaked picture or video clip, or paste
 * an address of this site's storage; the answer names the item and the fan whose invisible mark it
 * carries, with a confidence. Actions: open a report on the fan, suspend them (operators), start a
 * takedown notice for the site where the copy was found. Shared by /admin/protection (operators:
 * every creator's content) and /creator/protection (the creator's own).
 */
import { useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Card, Form, Input, Modal, Pagination, Skeleton, Tag, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { traceUrlSchema, type TraceResult } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, routeKey, uploadTo } from '@/lib/api';
import { fullDate } from '@/lib/format';
import { zodRules } from '@/lib/form-rules';
import { EmptyState, ErrorState } from '@/components/states';
import css from './protection.module.css';

const PAGE = 10;
/** Seconds as m:ss. */
const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
const STATUS: Record<TraceResult['status'], { label: string; color: string }> = {
  identified: { label: 'Fan identified', color: 'red' },
  unidentified: { label: 'Item found, no mark read', color: 'gold' },
  no_match: { label: 'No matching item', color: 'default' },
};

function TraceCard({ r, admin, onChange }: { r: TraceResult; admin: boolean; onChange: () => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const [suspendOpen, setSuspendOpen] = useState(false);
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [reason, setReason] = useState('Shared paid content outside the site (leak tracer)');
  const act = async (what: string, fn: () => Promise<unknown>, done: string) => {
    setBusy(what);
    try {
      await fn();
      message.success(done);
      onChange();
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };
  const s = STATUS[r.status];
  return (
    <Card className={css.card} data-testid="trace-result" title={<h3 className="section-title">Trace</h3>} extra={<Tag color={s.color}>{s.label}</Tag>}>
      <dl className={css.facts}>
        <dt>When</dt>
        <dd>{fullDate(r.createdAt)}</dd>
        <dt>Source</dt>
        <dd>{r.source === 'upload' ? (r.mediaKind === 'video' ? 'Uploaded clip' : 'Uploaded picture') : r.source}</dd>
        {r.item && (
          <>
            <dt>Item</dt>
            <dd>
              {r.mediaKind === 'video' ? (
                <>A video of @{r.item.ownerUsername} (file {r.item.fileId.slice(0, 8)}…{r.video ? `, the clip starts at ${clock(r.video.offsetSeconds)}` : ''})</>
              ) : (
                <>A picture of @{r.item.ownerUsername} ({r.item.rendition} size, file {r.item.fileId.slice(0, 8)}…)</>
              )}
            </dd>
          </>
        )}
        {r.video && (
          <>
            <dt>Mark read</dt>
            <dd data-testid="trace-segments">
              {r.video.segments} segments, {r.video.bitsRead} of the {r.video.bitsNeeded} parts of a fan&apos;s mark
            </dd>
          </>
        )}
        {r.viewer && (
          <>
            <dt>{admin ? 'Viewer' : 'Fan'}</dt>
            <dd data-testid="trace-viewer">
              <strong>@{r.viewer.username}</strong> {r.viewer.name && `(${r.viewer.name})`} {r.viewer.status !== 'active' && <Tag>{r.viewer.status}</Tag>}
            </dd>
          </>
        )}
        {r.confidence !== null && (
          <>
            <dt>Confidence</dt>
            <dd>{(r.confidence * 100).toFixed(r.confidence > 0.999 ? 2 : 1)} %</dd>
          </>
        )}
      </dl>
      {r.status === 'no_match' && <p>No {r.mediaKind === 'video' ? 'video' : 'picture'} {admin ? 'on this site' : 'of yours'} looks like this one.</p>}
      {r.status === 'unidentified' && r.mediaKind === 'image' && <p>This is {admin ? 'a picture on this site' : 'your picture'}, but no fan&apos;s mark could be read (an unmarked copy, or too damaged).</p>}
      {r.status === 'unidentified' && r.mediaKind === 'video' && (
        <p>
          This is {admin ? 'a video on this site' : 'your video'}, but no fan&apos;s mark could be read
          {r.video && r.video.bitsRead < r.video.bitsNeeded ? ': the clip is too short (a fan\'s mark needs about 3½ minutes of it).' : ' (an unmarked copy, or too damaged).'}
        </p>
      )}
      <div className={css.actions}>
        {r.viewer && (
          <Button loading={busy === 'report'} onClick={() => void act('report', () => call(routes.protection.traceReport, { params: { id: r._id }, body: {} }), 'Report opened')}>
            Open a report
          </Button>
        )}
        {r.viewer && admin && r.viewer.status === 'active' && (
          <Button danger onClick={() => setSuspendOpen(true)}>
            Suspend @{r.viewer.username}
          </Button>
        )}
        {r.noticeDraft && <Button onClick={() => setNoticeOpen(true)}>Start a takedown notice</Button>}
      </div>
      <Modal
        title={`Suspend @${r.viewer?.username ?? ''}`}
        open={suspendOpen}
        okText="Suspend"
        okButtonProps={{ danger: true, loading: busy === 'suspend', disabled: reason.trim().length < 3 }}
        onCancel={() => setSuspendOpen(false)}
        onOk={() => void act('suspend', () => call(routes.protection.traceSuspend, { params: { id: r._id }, body: { reason } }), 'Account suspended').then(() => setSuspendOpen(false))}
      >
        <label htmlFor={`reason-${r._id}`}>Reason (kept in the audit log)</label>
        <Input.TextArea id={`reason-${r._id}`} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={500} />
      </Modal>
      <Modal title="Takedown notice" open={noticeOpen} onCancel={() => setNoticeOpen(false)} footer={<Button onClick={() => void navigator.clipboard?.writeText(r.noticeDraft ?? '').then(() => message.success('Copied'))}>Copy</Button>}>
        <p>Fill in the bracketed parts and send it to the abuse or copyright contact of the site where the copy was found.</p>
        <Input.TextArea aria-label="Takedown notice" className={css.draft} readOnly value={r.noticeDraft ?? ''} autoSize={{ minRows: 8, maxRows: 16 }} />
      </Modal>
    </Card>
  );
}

export default function LeakTracer({ admin }: { admin: boolean }) {
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [latest, setLatest] = useState<TraceResult | null>(null);
  const [form] = Form.useForm<{ url: string }>();
  const { data, error, isLoading, mutate } = useSWR<{ data: TraceResult[]; total: number }>(routeKey(routes.protection.traces, { query: { offset: (page - 1) * PAGE, limit: PAGE } }));

  const run = async (fn: () => Promise<TraceResult>) => {
    setBusy(true);
    setFailure(null);
    try {
      setLatest(await fn());
      setPage(1);
      await mutate();
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const history = (data?.data ?? []).filter((r) => r._id !== latest?._id);
  return (
    <>
      <Card className={css.card} title={<h2 className="section-title">Trace a leaked picture or video</h2>}>
        <p>
          Found {admin ? 'a paid picture or video' : 'one of your paid pictures or videos'} shared somewhere else? Upload the copy (or paste a picture&apos;s address on this site): the tracer finds the item and reads the invisible mark of the fan it was shown to. A video clip needs about 3½ minutes to name a fan (up to 300 MB).
        </p>
        <div className={css.row}>
          <Upload.Dragger
            accept="image/*,video/*"
            showUploadList={false}
            disabled={busy}
            customRequest={({ file }) => void run(() => uploadTo(routes.protection.traceUpload, undefined, file as File, { field: 'file' }))}
            aria-label="Upload a leaked picture or video clip"
            data-testid="trace-upload"
          >
            <p className="ant-upload-drag-icon"><InboxOutlined aria-hidden="true" /></p>
            <p>Drop the leaked picture or clip here, or click to choose it</p>
          </Upload.Dragger>
          <Form form={form} layout="vertical" name="trace-url" onFinish={(v) => void run(() => call(routes.protection.traceUrl, { body: v }))} disabled={busy}>
            <Form.Item name="url" label="Or paste an address of this site's storage" rules={zodRules(traceUrlSchema.shape.url, { label: 'address' })}>
              <Input placeholder="https://…/files/…" />
            </Form.Item>
            <Button htmlType="submit" loading={busy}>Trace</Button>
          </Form>
        </div>
        {busy && <Skeleton active paragraph={{ rows: 2 }} />}
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      </Card>
      {latest && <TraceCard r={latest} admin={admin} onChange={() => void mutate()} />}
      <h2 className="section-title">Earlier traces</h2>
      {error && !data ? (
        <ErrorState title="Earlier traces didn't load" message={errorText(error)} onRetry={() => void mutate()} />
      ) : isLoading && !data ? (
        <Card><Skeleton active paragraph={{ rows: 3 }} /></Card>
      ) : !history.length ? (
        <Card><EmptyState title="No earlier traces" description="Traces you run are kept here." /></Card>
      ) : (
        <>
          {history.map((r) => (<TraceCard key={r._id} r={r} admin={admin} onChange={() => void mutate()} />))}
          {(data?.total ?? 0) > PAGE && <Pagination current={page} pageSize={PAGE} total={data!.total} onChange={setPage} showSizeChanger={false} />}
        </>
      )}
    </>
  );
}
