'use client';
/**
 * The drawer of /admin/takedowns: one notice — the claimant, the work, the named items, the sworn
 * signature, the counter-notices — and the actions: Hide content, Reject (reason), Ask for more
 * (message), and, while a counter-notice waits, Claimant answered (note). The API audits each.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Drawer, Input, Tag, Typography } from 'antd';
import { MESSAGES, type Takedown } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, routeKey } from '@/lib/api';
import { fullDate } from '@/lib/format';
import { ErrorState } from '@/components/states';
import TakedownItem from './TakedownItem';
import { COUNTER_STATUS_LABEL, TakedownStatusTag } from './takedown-ui';
import css from './takedowns.module.css';

type Act = 'hide' | 'reject' | 'info' | 'answered';

export default function TakedownDrawer({ notice, onClose, onDone }: { notice: Takedown | null; onClose: () => void; onDone: () => void }) {
  const { message, modal } = App.useApp();
  const key = notice ? routeKey(routes.takedowns.takedownDetail, { params: { id: notice._id } }) : null;
  const { data, error, mutate } = useSWR<Takedown>(key);
  const n = data ?? notice;
  const [busy, setBusy] = useState<Act | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [text, setText] = useState<Record<Exclude<Act, 'hide'>, string>>({ reject: '', info: '', answered: '' });
  const [missing, setMissing] = useState<Act | null>(null);
  const open = n?.status === 'open' || n?.status === 'info_requested';
  const pending = (n?.counters ?? []).some((c) => c.status === 'pending');

  const run = async (a: Act, done: string) => {
    if (!n) return;
    const v = a === 'hide' ? '' : text[a].trim();
    if (a !== 'hide' && !v) return setMissing(a);
    setMissing(null);
    setBusy(a);
    setFailure(null);
    try {
      const params = { id: n._id };
      const r = routes.takedowns;
      if (a === 'hide') await call(r.takedownHide, { params });
      else if (a === 'reject') await call(r.takedownReject, { params, body: { reason: v } });
      else if (a === 'info') await call(r.takedownRequestInfo, { params, body: { message: v } });
      else await call(r.takedownClaimantAnswered, { params, body: { reason: v } });
      message.success(done);
      setText({ reject: '', info: '', answered: '' });
      void mutate();
      onDone();
    } catch (e) {
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setBusy(null);
    }
  };
  const field = (a: Exclude<Act, 'hide'>, label: string, placeholder: string) => (
    <>
      <label htmlFor={`takedown-${a}`} className={css.muted}>
        {label}
      </label>
      <Input.TextArea
        id={`takedown-${a}`}
        rows={2}
        maxLength={2000}
        value={text[a]}
        placeholder={placeholder}
        status={missing === a ? 'error' : undefined}
        aria-invalid={missing === a}
        onChange={(e) => setText((t) => ({ ...t, [a]: e.target.value }))}
      />
      {missing === a && <Typography.Text type="danger">Required</Typography.Text>}
    </>
  );

  return (
    <Drawer open={Boolean(notice)} onClose={onClose} title={n ? `Takedown notice #${n.number}` : ''} size="large" destroyOnHidden afterOpenChange={(o) => !o && setFailure(null)}>
      {error && !data ? (
        <ErrorState title="The notice didn't load" message={errorText(error)} onRetry={() => void mutate()} />
      ) : !n ? null : (
        <>
          <dl className={css.facts}>
            <dt>Status</dt>
            <dd><TakedownStatusTag status={n.status} /></dd>
            <dt>Claimant</dt>
            <dd>{n.name} · <a href={`mailto:${n.email}`}>{n.email}</a></dd>
            {n.address && (<><dt>Address</dt><dd>{n.address}</dd></>)}
            {n.phone && (<><dt>Phone</dt><dd>{n.phone}</dd></>)}
            <dt>Filed</dt>
            <dd>{fullDate(n.createdAt)}</dd>
            <dt>Signed</dt>
            <dd>{n.signature} (sworn: good faith, accurate, authorised)</dd>
            {n.decisionNote && (<><dt>Note</dt><dd>{n.decisionNote}</dd></>)}
          </dl>
          <div className={css.section}>
            <h3>The work</h3>
            <p className={css.quote}>{n.work}</p>
          </div>
          <div className={css.section}>
            <h3>Named content</h3>
            <ul className={css.items} aria-label="Named content">
              {n.items.map((i) => (
                <li key={`${i.kind}:${i.id}`}>
                  <TakedownItem item={i.preview} kind={i.kind} id={i.id} showOwner />
                  <div className={css.muted}>{i.url}</div>
                </li>
              ))}
            </ul>
          </div>
          {n.counters.length > 0 && (
            <div className={css.section}>
              <h3>Counter-notices</h3>
              <ul className={css.items}>
                {n.counters.map((c) => (
                  <li key={c._id}>
                    <Tag>{COUNTER_STATUS_LABEL[c.status]}</Tag> <span className={css.muted}>filed {fullDate(c.filedAt)} · restores {fullDate(c.restoreAt)} · signed {c.signature}</span>
                    <p className={css.quote}>{c.statement}</p>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className={css.section}>
            <h3>Actions</h3>
            {failure && <Alert type="error" showIcon role="alert" title={failure} className={css.alert} />}
            {!open && !pending && <Alert type="info" showIcon title="This notice was decided." />}
            <div className={css.actions}>
              {open && (
                <>
                  <div className={css.action}>
                    <div className={css.actionHead}>
                      <span className={css.actionText}>Hides every named item from everyone but its owner and the team; each owner is told, with this notice, and gets a strike.</span>
                      <Button
                        danger
                        type="primary"
                        loading={busy === 'hide'}
                        disabled={busy !== null}
                        onClick={() => modal.confirm({ title: `Hide the content named in notice #${n.number}?`, okText: 'Hide content', okButtonProps: { danger: true }, cancelText: 'Cancel', onOk: () => run('hide', 'Content hidden') })}
                      >
                        Hide content
                      </Button>
                    </div>
                  </div>
                  <div className={css.action}>
                    {field('info', 'What the claimant should add', 'E-mailed to the claimant')}
                    <div className={css.actionHead}>
                      <span className={css.actionText}>The claimant is e-mailed; the notice waits for them.</span>
                      <Button loading={busy === 'info'} disabled={busy !== null} onClick={() => void run('info', 'Claimant asked for more')}>
                        Ask for more
                      </Button>
                    </div>
                  </div>
                  <div className={css.action}>
                    {field('reject', 'Reason for rejecting', 'E-mailed to the claimant')}
                    <div className={css.actionHead}>
                      <span className={css.actionText}>Nothing is hidden; the claimant is e-mailed the reason.</span>
                      <Button loading={busy === 'reject'} disabled={busy !== null} onClick={() => void run('reject', 'Notice rejected')}>
                        Reject
                      </Button>
                    </div>
                  </div>
                </>
              )}
              {pending && (
                <div className={css.action}>
                  {field('answered', 'The action the claimant filed', 'Court, case number, date')}
                  <div className={css.actionHead}>
                    <span className={css.actionText}>The content stays hidden instead of coming back after the wait; the owner is e-mailed.</span>
                    <Button loading={busy === 'answered'} disabled={busy !== null} onClick={() => void run('answered', 'Recorded: the content stays hidden')}>
                      Claimant answered
                    </Button>
                  </div>
                </div>
              )}
            </div>
          </div>
        </>
      )}
    </Drawer>
  );
}
