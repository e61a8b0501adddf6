'use client';
/**
 * The review drawer of /admin/releases. Opening it reads the record's personal fields through the
 * audited route (GET /admin/releases/{id}: the API asks for the reason header, the console's
 * reason dialog asks the operator why, then the call is repeated); each file is opened on demand
 * (GET /admin/releases/{id}/files/{file}: a 5-minute signed link, audited too). Decision: Approve
 * (pending) or Reject with the reason the creator sees (pending or approved).
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Drawer, Image, Input, Spin, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, EyeOutlined, FilePdfOutlined } from '@ant-design/icons';
import { ageOn, releaseRejectSchema, type ReleaseFile, type ReleaseLink, type ReleaseQueueItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { apiUrl, call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { fullDate } from '@/lib/format';
import { ErrorState } from '@/components/states';
import { ReleaseStatusTag, dayText } from './release-ui';
import css from './releases.module.css';

const FILE_LABEL: Record<ReleaseFile, string> = { idFront: 'ID front', idBack: 'ID back', consent: 'Signed consent' };
/** The same inside a sentence. */
const FILE_NOUN: Record<ReleaseFile, string> = { idFront: 'ID front', idBack: 'ID back', consent: 'signed consent' };

function RecordFile({ id, file, present, who }: { id: string; file: ReleaseFile; present: boolean; who: string }) {
  const [link, setLink] = useState<ReleaseLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setLink(await call(routes.releases.releaseFile, { params: { id, file } }));
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const label = FILE_LABEL[file];
  return (
    <figure className={css.file}>
      <figcaption>{label}</figcaption>
      {!present ? (
        <Typography.Text type="secondary" className={css.missing}>Not uploaded</Typography.Text>
      ) : link ? (
        link.mimeType === 'application/pdf' ? (
          <a href={apiUrl(link.url)} target="_blank" rel="noreferrer">
            <FilePdfOutlined aria-hidden /> Open {FILE_NOUN[file]} of {who} (PDF)
          </a>
        ) : (
          <Image src={apiUrl(link.url)} alt={`${label} of ${who}`} preview={{ mask: 'Zoom' }} />
        )
      ) : (
        <Button icon={<EyeOutlined />} loading={busy} onClick={() => void open()} aria-label={`Show ${FILE_NOUN[file]}`}>
          Show
        </Button>
      )}
      {failure && <Alert type="error" showIcon role="alert" title={failure} />}
    </figure>
  );
}

export default function ReleaseDrawer({ item, onClose, onDone }: { item: ReleaseQueueItem | null; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  // Read once per opening: every read is audited (and asks why).
  const { data: r, error, isLoading, mutate } = useRoute(routes.releases.releaseDetail, item ? { params: { id: item._id } } : null, { revalidateOnFocus: false, revalidateIfStale: false, dedupingInterval: 60_000 });
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const status = r?.status ?? item?.status;
  const who = r ? r.stageName || r.legalName : (item?.stageName ?? 'this co-performer');

  const decide = async (action: 'approve' | 'reject') => {
    if (!item) return;
    if (action === 'reject') {
      const check = releaseRejectSchema.safeParse({ reason });
      if (!check.success) return setReasonError(check.error.issues[0]?.message ?? 'Say why');
    }
    setReasonError(null);
    setBusy(action);
    setFailure(null);
    try {
      const done =
        action === 'approve'
          ? await call(routes.releases.releaseApprove, { params: { id: item._id } })
          : await call(routes.releases.releaseReject, { params: { id: item._id }, body: { reason: reason.trim() } });
      message.success(action === 'approve' ? `Release of ${who} approved` : `Release of ${who} rejected`);
      setReason('');
      // The decision's answer updates the record shown (reading it again would be another audited read).
      if (r) void mutate({ ...r, status: done.status, rejectionReason: done.rejectionReason, reviewedAt: done.reviewedAt }, { revalidate: false });
      onDone();
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Drawer
      open={Boolean(item)}
      onClose={onClose}
      title={item ? `Release: ${item.stageName || `co-performer of ${item.owner.name}`}` : ''}
      size="large"
      // Under the console's reason dialog (a Modal, z-index 1000, mounted before this drawer): it asks before each audited read.
      zIndex={999}
      destroyOnHidden
      afterOpenChange={(o) => {
        if (!o) {
          setFailure(null);
          setReason('');
          setReasonError(null);
        }
      }}
    >
      {!item ? null : error && !r ? (
        <ErrorState title="The record didn't open" message={errorText(error)} onRetry={() => void mutate()} />
      ) : isLoading || !r ? (
        <div className={css.loading} aria-busy="true" aria-label="Opening the record">
          <Spin />
        </div>
      ) : (
        <>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Legal name">{r.legalName}</Descriptions.Item>
            <Descriptions.Item label="Stage name">{r.stageName || '—'}</Descriptions.Item>
            <Descriptions.Item label="Date of birth">
              {dayText(r.dateOfBirth)} ({ageOn(r.dateOfBirth, r.signedAt)} on the signing day)
            </Descriptions.Item>
            <Descriptions.Item label="Signed">{dayText(r.signedAt)}</Descriptions.Item>
            <Descriptions.Item label="Creator">
              {r.owner.name}
              {r.owner.username ? ` (@${r.owner.username})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="Submitted">{fullDate(r.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <ReleaseStatusTag status={r.status} />
              {r.reviewedAt ? ` ${fullDate(r.reviewedAt)}${r.reviewedBy ? ` by ${r.reviewedBy}` : ''}` : ''}
            </Descriptions.Item>
            {r.rejectionReason && <Descriptions.Item label="Reason">{r.rejectionReason}</Descriptions.Item>}
            <Descriptions.Item label="Named on">
              {r.items.length === 0 ? (
                'No content yet'
              ) : (
                <ul className={css.named}>
                  {r.items.map((i) => (
                    <li key={`${i.kind}:${i.id}`}>
                      {i.link ? <a href={i.link} target="_blank" rel="noreferrer">{i.title || `Untitled ${i.kind}`}</a> : (i.title ?? `A ${i.kind} that no longer exists`)}
                      <span className={css.muted}> · {i.kind === 'feed' ? 'post' : i.kind}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Descriptions.Item>
          </Descriptions>
          <div className={css.recordFiles}>
            {(['idFront', 'idBack', 'consent'] as const).map((f) => (
              <RecordFile key={f} id={r._id} file={f} present={r.files[f]} who={r.legalName} />
            ))}
          </div>
          <div className={css.decision}>
            <label htmlFor="release-reject-reason" className={css.label}>
              Reason for rejecting
            </label>
            <Input.TextArea
              id="release-reject-reason"
              rows={3}
              maxLength={2000}
              showCount
              value={reason}
              status={reasonError ? 'error' : undefined}
              aria-invalid={Boolean(reasonError)}
              aria-describedby="release-reject-help"
              onChange={(e) => setReason(e.target.value)}
            />
            {reasonError ? (
              <Typography.Text type="danger" id="release-reject-help">{reasonError}</Typography.Text>
            ) : (
              <span id="release-reject-help" className={css.muted}>Needed to reject: the creator sees it. Content already published with this release is hidden.</span>
            )}
            {failure && <Alert type="error" showIcon role="alert" title={failure} />}
            <div className={css.buttons}>
              <Button type="primary" icon={<CheckOutlined />} loading={busy === 'approve'} disabled={busy !== null || status !== 'pending'} onClick={() => void decide('approve')}>
                Approve
              </Button>
              <Button danger icon={<CloseOutlined />} loading={busy === 'reject'} disabled={busy !== null || status === 'rejected'} onClick={() => void decide('reject')}>
                Reject
              </Button>
            </div>
          </div>
        </>
      )}
    </Drawer>
  );
}
