'use client';
/**
 * The review drawer of /admin/verification: the creator's ID document and selfie (signed URLs
 * handed to operators only; click a picture to zoom), the current state, and the decision —
 * Approve, or Reject with a Reason the creator is shown (required).
 * POST /admin/verifications/{id}/approve | /reject.
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Drawer, Form, Image, Input, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, FilePdfOutlined } from '@ant-design/icons';
import { MESSAGES, rejectVerificationSchema, type VerificationItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';
import { fullDate } from '@/lib/format';
import { VerificationStatusTag } from './verification-ui';
import css from './admin-verification.module.css';

type Picture = VerificationItem['document'];

function Shot({ title, pic, alt }: { title: string; pic: Picture; alt: string }) {
  return (
    <figure className={css.picture}>
      <figcaption>{title}</figcaption>
      {!pic ? (
        <Typography.Text type="secondary" className={css.missing}>Not uploaded</Typography.Text>
      ) : pic.mimeType === 'application/pdf' ? (
        <a href={pic.url} target="_blank" rel="noreferrer">
          <FilePdfOutlined aria-hidden /> Open {pic.name} (PDF)
        </a>
      ) : (
        <Image src={pic.url} alt={alt} preview={{ mask: 'Zoom' }} />
      )}
    </figure>
  );
}

export default function ReviewDrawer({ item, onClose, onDone }: { item: VerificationItem | null; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = item?.name || item?.username || 'this creator';

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
      if (action === 'approve') await call(routes.performers.approveVerification, { params: { id: item.performerId }, body: {} });
      else await call(routes.performers.rejectVerification, { params: { id: item.performerId }, body: { reason } });
      message.success(action === 'approve' ? `${name} is verified` : `${name}'s documents were rejected`);
      form.resetFields();
      onDone();
    } catch (e) {
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Drawer
      open={Boolean(item)}
      onClose={onClose}
      title={item ? `Review ${name}` : ''}
      size="large"
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) {
          setFailure(null);
          form.resetFields();
        }
      }}
    >
      {item && (
        <>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Creator">
              {name}
              {item.username ? ` (@${item.username})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="E-mail">{item.email || '—'}</Descriptions.Item>
            <Descriptions.Item label="Submitted">{fullDate(item.submittedAt)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <VerificationStatusTag status={item.status} />
              {item.reviewedAt ? ` ${fullDate(item.reviewedAt)}${item.reviewer ? ` by ${item.reviewer.name}` : ''}` : ''}
            </Descriptions.Item>
            {item.note && <Descriptions.Item label={item.status === 'rejected' ? 'Reason' : 'Note'}>{item.note}</Descriptions.Item>}
          </Descriptions>
          <div className={css.pictures}>
            <Shot title="ID document" pic={item.document} alt={`ID document of ${name}`} />
            <Shot title="Selfie with the ID" pic={item.selfie} alt={`Selfie of ${name} holding the ID`} />
          </div>
          <div className={css.decision}>
            <Form form={form} layout="vertical" name="verification-review" requiredMark={false}>
              <Form.Item
                name="reason"
                label="Reason"
                htmlFor="verification-reason"
                extra="Needed to reject: the creator sees it and can upload new documents."
                rules={zodRules(rejectVerificationSchema.shape.reason, { requiredMessage: 'Give the reason the creator will see' })}
              >
                <Input.TextArea id="verification-reason" rows={3} maxLength={1000} showCount />
              </Form.Item>
            </Form>
            {failure && <Alert type="error" showIcon role="alert" title={failure} />}
            <div className={css.buttons}>
              <Button type="primary" icon={<CheckOutlined />} loading={busy === 'approve'} disabled={busy !== null || item.status === 'approved'} onClick={() => void decide('approve')}>
                Approve
              </Button>
              <Button danger icon={<CloseOutlined />} loading={busy === 'reject'} disabled={busy !== null || item.status === 'rejected'} onClick={() => void decide('reject')}>
                Reject
              </Button>
            </div>
          </div>
        </>
      )}
    </Drawer>
  );
}
