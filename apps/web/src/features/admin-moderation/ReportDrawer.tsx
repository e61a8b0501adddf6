'use client';
/**
 * The drawer of /admin/reports: one reported target — its preview, owner, each report (reporter,
 * reason, description) — and the actions (POST /admin/reports/{target}/{targetId}/actions):
 * Dismiss, Hide content (reason), Delete comment, Warn owner (message), Suspend owner (reason).
 * Each closes the target's open reports; the API audits it.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Avatar, Button, Drawer, Input, Skeleton, Tag, Typography } from 'antd';
import { DEFAULT_AVATAR, MESSAGES, type ReportActionInput, type ReportGroup, type ReportTargetDetail } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, routeKey } from '@/lib/api';
import { fullDate } from '@/lib/format';
import { ErrorState } from '@/components/states';
import { ACTION_LABEL, ItemCell, OwnerCell, REASON_LABEL, ReportStatusTag, TARGET_LABEL } from './moderation-ui';
import css from './admin-moderation.module.css';

type Action = ReportActionInput['action'];
const HIDEABLE = ['feed', 'video', 'gallery', 'product'];

export default function ReportDrawer({ group, onClose, onDone }: { group: ReportGroup | null; onClose: () => void; onDone: () => void }) {
  const { message, modal } = App.useApp();
  const key = group ? routeKey(routes.reports.adminTarget, { params: { target: group.target, targetId: group.targetId } }) : null;
  const { data, error, isLoading, mutate } = useSWR<ReportTargetDetail>(key);
  const [busy, setBusy] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [text, setText] = useState<Record<'hide' | 'warn' | 'suspend', string>>({ hide: '', warn: '', suspend: '' });
  const [missing, setMissing] = useState<Action | null>(null);
  const g = data?.group ?? group;
  const open = g?.status === 'open';

  const run = async (body: ReportActionInput, done: string) => {
    if (!g) return;
    setBusy(body.action);
    setFailure(null);
    try {
      await call(routes.reports.adminAct, { params: { target: g.target, targetId: g.targetId }, body });
      message.success(done);
      setText({ hide: '', warn: '', suspend: '' });
      void mutate();
      onDone();
    } catch (e) {
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setBusy(null);
    }
  };
  const withText = (action: 'hide' | 'warn' | 'suspend', make: (v: string) => ReportActionInput, done: string, confirm?: string) => {
    const v = text[action].trim();
    if (!v) {
      setMissing(action);
      return;
    }
    setMissing(null);
    if (!confirm) return void run(make(v), done);
    modal.confirm({ title: confirm, okText: 'Suspend', okButtonProps: { danger: true }, cancelText: 'Cancel', onOk: () => run(make(v), done) });
  };
  const field = (action: 'hide' | 'warn' | 'suspend', label: string, placeholder: string, max: number) => (
    <>
      <label htmlFor={`report-${action}`} className={css.muted}>
        {label}
      </label>
      <Input.TextArea
        id={`report-${action}`}
        rows={2}
        maxLength={max}
        value={text[action]}
        placeholder={placeholder}
        status={missing === action ? 'error' : undefined}
        aria-invalid={missing === action}
        onChange={(e) => setText((t) => ({ ...t, [action]: e.target.value }))}
      />
      {missing === action && <Typography.Text type="danger">Required</Typography.Text>}
    </>
  );

  return (
    <Drawer open={Boolean(group)} onClose={onClose} title={g ? `Reports on this ${TARGET_LABEL[g.target].toLowerCase()}` : ''} size="large" destroyOnHidden afterOpenChange={(o) => !o && setFailure(null)}>
      {error && !data ? (
        <ErrorState title="The reports didn't load" message={errorText(error)} onRetry={() => void mutate()} />
      ) : !g ? null : (
        <>
          <div className={css.preview}>
            <ItemCell item={g.preview} kind={g.target} fallbackId={g.targetId} />
            {g.preview?.excerpt && g.preview.excerpt.length > 80 && <p className={css.previewExcerpt}>{g.preview.excerpt}</p>}
          </div>
          <div className={css.section}>
            <h3>Owner</h3>
            <OwnerCell owner={g.owner} />
          </div>
          <div className={css.section}>
            <h3>
              {g.count === 1 ? '1 report' : `${g.count} reports`} <ReportStatusTag status={g.status} />
              {g.action && g.status !== 'open' ? <Tag>{ACTION_LABEL[g.action] ?? g.action}</Tag> : null}
            </h3>
            {isLoading && !data ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : (
              <ul className={css.reports} aria-label="Reports">
                {(data?.reports ?? []).map((r) => (
                  <li key={r._id} className={css.report}>
                    <Avatar size={28} src={r.reporter?.avatar || DEFAULT_AVATAR} alt="" />
                    <span className={css.reportText}>
                      <span>
                        <strong>{r.reporter?.name || r.reporter?.username || 'A former user'}</strong> · <Tag>{REASON_LABEL[r.reason]}</Tag>
                        <span className={css.muted}>{fullDate(r.createdAt)}</span>
                      </span>
                      {r.description && <span>{r.description}</span>}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className={css.section}>
            <h3>Actions</h3>
            {!open && <Alert type="info" showIcon title="These reports are closed. New reports on it will appear in the queue again." />}
            {failure && <Alert type="error" showIcon role="alert" title={failure} />}
            {open && (
              <div className={css.actions}>
                <div className={css.action}>
                  <div className={css.actionHead}>
                    <span className={css.actionText}>
                      <strong>Nothing wrong</strong>
                      <span>Close the reports and leave everything as it is.</span>
                    </span>
                    <Button loading={busy === 'dismiss'} disabled={busy !== null} onClick={() => void run({ action: 'dismiss' }, 'Reports dismissed')}>
                      Dismiss
                    </Button>
                  </div>
                </div>
                {HIDEABLE.includes(g.target) && g.preview && !g.preview.hidden && (
                  <div className={css.action}>
                    {field('hide', 'Reason for hiding', 'The owner sees this reason', 500)}
                    <div className={css.actionHead}>
                      <span className={css.actionText}>
                        <span>Hidden from everyone but its owner and the team; the owner is told why.</span>
                      </span>
                      <Button danger loading={busy === 'hide'} disabled={busy !== null} onClick={() => withText('hide', (reason) => ({ action: 'hide', reason }), 'Content hidden')}>
                        Hide content
                      </Button>
                    </div>
                  </div>
                )}
                {g.target === 'comment' && g.preview && (
                  <div className={css.action}>
                    <div className={css.actionHead}>
                      <span className={css.actionText}>
                        <strong>Remove the comment</strong>
                        <span>Deletes it and its replies.</span>
                      </span>
                      <Button danger loading={busy === 'delete'} disabled={busy !== null} onClick={() => void run({ action: 'delete' }, 'Comment deleted')}>
                        Delete comment
                      </Button>
                    </div>
                  </div>
                )}
                {g.owner && (
                  <div className={css.action}>
                    {field('warn', 'Warning message', 'What the owner should change', 2000)}
                    <div className={css.actionHead}>
                      <span className={css.actionText}>
                        <span>Sent to {g.owner.name || g.owner.username} as a notification.</span>
                      </span>
                      <Button loading={busy === 'warn'} disabled={busy !== null} onClick={() => withText('warn', (m) => ({ action: 'warn', message: m }), 'Warning sent')}>
                        Warn owner
                      </Button>
                    </div>
                  </div>
                )}
                {g.owner && g.owner.status !== 'suspended' && (
                  <div className={css.action}>
                    {field('suspend', 'Reason for suspending', 'Kept in the audit log', 500)}
                    <div className={css.actionHead}>
                      <span className={css.actionText}>
                        <span>The account cannot log in any more and all its content is hidden.</span>
                      </span>
                      <Button
                        danger
                        type="primary"
                        loading={busy === 'suspend'}
                        disabled={busy !== null}
                        onClick={() => withText('suspend', (reason) => ({ action: 'suspend', reason }), 'Owner suspended', `Suspend ${g.owner?.name || g.owner?.username}?`)}
                      >
                        Suspend owner
                      </Button>
                    </div>
                  </div>
                )}
              </div>
            )}
          </div>
        </>
      )}
    </Drawer>
  );
}
