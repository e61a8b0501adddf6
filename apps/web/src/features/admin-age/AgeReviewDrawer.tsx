'use client';
/**
 * The review drawer of /admin/age-verifications: the fan's ID photo and selfie (signed 5-minute
 * URLs; click to zoom), the state, and the decision — Approve, or Reject with the Reason the fan is
 * shown. POST /admin/age-verifications/{id}/approve | /reject.
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Drawer, Form, Image, Input, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { MESSAGES, rejectAgeSchema, type AgeReviewItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';
import { fullDate } from '@/lib/format';
import { AgeStatusTag } from './age-ui';
import css from './admin-age.module.css';

function Shot({ title, pic, alt, deleted }: { title: string; pic: AgeReviewItem['idPhoto']; alt: string; deleted: boolean }) {
  return (
    <figure className={css.picture}>
      <figcaption>{title}</figcaption>
      {pic ? <Image src={pic.url} alt={alt} preview={{ mask: 'Zoom' }} /> : <Typography.Text type="secondary" className={css.missing}>{deleted ? 'Deleted after the decision' : 'None'}</Typography.Text>}
    </figure>
  );
}

export default function AgeReviewDrawer({ item, onClose, onDone }: { item: AgeReviewItem | null; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = item?.name || item?.username || 'this fan';

  const decide = async (action: 'approve' | 'reject') => {
    if (!item) return;
    let reason = '';
    if (action === 'reject') {
      try {
        reason = (await form.validateFields()).reason.trim();
      } catch {
        return;
      }
    }
    setBusy(action);
    setFailure(null);
    try {
      if (action === 'approve') await call(routes.age.adminApprove, { params: { id: item._id } });
      else await call(routes.age.adminReject, { params: { id: item._id }, body: { reason } });
      message.success(action === 'approve' ? `${name}'s age is verified` : `${name}'s age verification was rejected`);
      form.resetFields();
      onDone();
    } catch (e) {
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setBusy(null);
    }
  };
  const pending = item?.status === 'pending';

  return (
    <Drawer open={Boolean(item)} onClose={onClose} title={item ? `Age check of ${name}` : ''} size="large" destroyOnHidden afterOpenChange={(open) => !open && (setFailure(null), form.resetFields())}>
      {item && (
        <>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Fan">
              {name}
              {item.username ? ` (@${item.username})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="E-mail">{item.email || '—'}</Descriptions.Item>
            <Descriptions.Item label="Country">{item.country || '—'}</Descriptions.Item>
            <Descriptions.Item label="Sent">{fullDate(item.submittedAt)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <AgeStatusTag status={item.status} />
              {item.decidedAt ? ` ${fullDate(item.decidedAt)}${item.decidedBy ? ` by ${item.decidedBy.name}` : ' by the provider'}` : ''}
            </Descriptions.Item>
            {item.reason && <Descriptions.Item label="Reason">{item.reason}</Descriptions.Item>}
          </Descriptions>
          {item.provider === 'manual' && (
            <div className={css.pictures}>
              <Shot title="ID photo" pic={item.idPhoto} alt={`ID of ${name}`} deleted={Boolean(item.filesDeletedAt)} />
              <Shot title="Selfie" pic={item.selfie} alt={`Selfie of ${name}`} deleted={Boolean(item.filesDeletedAt)} />
            </div>
          )}
          {pending && (
            <div className={css.decision}>
              <p>Approve when the date of birth on the ID shows the fan is an adult and the selfie matches the ID.</p>
              <Form form={form} layout="vertical" name="age-review" requiredMark={false}>
                <Form.Item name="reason" label="Reason" htmlFor="age-reason" extra="Needed to reject: the fan sees it and can send new pictures." rules={zodRules(rejectAgeSchema.shape.reason, { requiredMessage: 'Give the reason the fan will see' })}>
                  <Input.TextArea id="age-reason" rows={3} maxLength={1000} showCount />
                </Form.Item>
              </Form>
              {failure && <Alert type="error" showIcon role="alert" title={failure} />}
              <div className={css.buttons}>
                <Button type="primary" icon={<CheckOutlined />} loading={busy === 'approve'} disabled={busy !== null} onClick={() => void decide('approve')}>
                  Approve
                </Button>
                <Button danger icon={<CloseOutlined />} loading={busy === 'reject'} disabled={busy !== null} onClick={() => void decide('reject')}>
                  Reject
                </Button>
              </div>
            </div>
          )}
        </>
      )}
    </Drawer>
  );
}
