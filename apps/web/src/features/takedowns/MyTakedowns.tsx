'use client';
/**
 * /creator/takedowns: the takedown notices that hid the creator's content (GET /takedowns/mine),
 * newest first — the claimant, the work, the items — and, while none is filed, the counter-notice
 * form (POST /takedowns/{id}/counter): statement, consent to jurisdiction, typed signature. After
 * the legal wait the content comes back unless the claimant answers (takedowns README).
 */
import { useState } from 'react';
import useSWR from 'swr';
import Link from 'next/link';
import { Alert, App, Button, Card, Checkbox, Form, Input, Pagination, Skeleton, Tag } from 'antd';
import { counterNoticeSchema, type MyTakedown } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, routeKey } from '@/lib/api';
import { fullDate } from '@/lib/format';
import { zodRules } from '@/lib/form-rules';
import { EmptyState, ErrorState } from '@/components/states';
import TakedownItem from './TakedownItem';
import { COUNTER_STATUS_LABEL } from './takedown-ui';
import css from './takedowns.module.css';

const PAGE = 10;
type Values = { statement: string; consent: boolean; signature: string };

function CounterForm({ notice, onDone }: { notice: MyTakedown; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (v: Values) => {
    setBusy(true);
    setFailure(null);
    try {
      await call(routes.takedowns.counter, { params: { id: notice._id }, body: { statement: v.statement, consent: v.consent as true, signature: v.signature } });
      message.success('Counter-notice filed');
      onDone();
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form<Values> form={form} layout="vertical" name={`counter-${notice.number}`} onFinish={submit} disabled={busy} initialValues={{ statement: '', consent: false, signature: '' }}>
      <Form.Item name="statement" label="Your counter-notice" extra="Why the content was removed by mistake or misidentified (e.g. you own the work or have a licence)." rules={zodRules(counterNoticeSchema.shape.statement, { requiredMessage: 'Please write your statement' })}>
        <Input.TextArea rows={4} maxLength={4000} showCount />
      </Form.Item>
      <Form.Item name="consent" valuePropName="checked" rules={[{ validator: async (_: unknown, v: boolean) => { if (!v) throw new Error('Please confirm this statement'); } }]}>
        <Checkbox>Under penalty of perjury, I believe the content was removed by mistake or misidentification, and I consent to the jurisdiction of the courts where I live (or where the site operates) and to accept service from the claimant.</Checkbox>
      </Form.Item>
      <Form.Item name="signature" label="Signature (type your full name)" rules={zodRules(counterNoticeSchema.shape.signature, { label: 'signature' })}>
        <Input maxLength={120} />
      </Form.Item>
      {failure && <Alert type="error" showIcon role="alert" title={failure} className={css.alert} />}
      <Button type="primary" htmlType="submit" loading={busy}>
        File counter-notice
      </Button>
    </Form>
  );
}

export default function MyTakedowns() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useSWR<{ data: MyTakedown[]; total: number }>(routeKey(routes.takedowns.mine, { query: { offset: (page - 1) * PAGE, limit: PAGE } }));

  return (
    <div className={`container page ${css.narrow}`}>
      <h1 className="page-title">Takedowns</h1>
      <p className="page-lead">
        Copyright notices that hid your content. If a notice is wrong, file a counter-notice: your content comes back after the legal wait unless the claimant takes you to court. Read the <Link href="/page/takedown-policy">takedown policy</Link>.
      </p>
      {error && !data ? (
        <ErrorState title="Your takedowns didn't load" message={errorText(error)} onRetry={() => void mutate()} />
      ) : isLoading && !data ? (
        <Card><Skeleton active paragraph={{ rows: 4 }} /></Card>
      ) : !data?.data.length ? (
        <Card><EmptyState title="No takedown notices" description="None of your content was hidden by a copyright notice." /></Card>
      ) : (
        <>
          {data.data.map((n) => (
            <Card key={n._id} className={css.card} title={<h2 className="section-title">Notice #{n.number}</h2>} extra={n.counter ? <Tag>{COUNTER_STATUS_LABEL[n.counter.status]}</Tag> : <Tag color="red">Content hidden</Tag>}>
              <dl className={css.facts}>
                <dt>Claimant</dt>
                <dd>{n.name}</dd>
                {n.hiddenAt && (<><dt>Hidden</dt><dd>{fullDate(n.hiddenAt)}</dd></>)}
              </dl>
              <div className={css.section}>
                <h3>The work they claim</h3>
                <p className={css.quote}>{n.work}</p>
              </div>
              <div className={css.section}>
                <h3>Your content</h3>
                <ul className={css.items}>
                  {n.items.map((i) => (
                    <li key={`${i.kind}:${i.id}`}>
                      <TakedownItem item={i.preview} kind={i.kind} id={i.id} />
                    </li>
                  ))}
                </ul>
              </div>
              <div className={css.section}>
                {n.counter ? (
                  <Alert
                    type={n.counter.status === 'upheld' ? 'warning' : 'info'}
                    showIcon
                    title={
                      n.counter.status === 'pending'
                        ? `Counter-notice filed ${fullDate(n.counter.filedAt)}: your content comes back after ${fullDate(n.counter.restoreAt)} unless the claimant answers.`
                        : n.counter.status === 'restored'
                          ? 'Your content was restored.'
                          : 'The claimant filed an action: your content stays hidden.'
                    }
                  />
                ) : n.canCounter ? (
                  <CounterForm notice={n} onDone={() => void mutate()} />
                ) : null}
              </div>
            </Card>
          ))}
          {data.total > PAGE && <Pagination current={page} pageSize={PAGE} total={data.total} onChange={setPage} showSizeChanger={false} />}
        </>
      )}
    </div>
  );
}
