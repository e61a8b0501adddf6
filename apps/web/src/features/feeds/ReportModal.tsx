'use client';
import { useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslations } from 'next-intl';
import { REPORT_REASONS, createReportSchema, type ReportReason, type ReportTarget } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';

const REASON_LABELS = {
  spam: 'reasonSpam',
  abuse: 'reasonAbuse',
  copyright: 'reasonCopyright',
  illegal: 'reasonIllegal',
  other: 'reasonOther',
} as const satisfies Record<ReportReason, string>;

/** What is reported, as the dialog's texts name it ("Report this video"). */
export type ReportWhat = 'post' | 'video' | 'gallery' | 'product';
const TITLES = { post: 'reportPost', video: 'reportVideo', gallery: 'reportGallery', product: 'reportProduct' } as const satisfies Record<ReportWhat, string>;
const ALREADY = { post: 'reportedPost', video: 'reportedVideo', gallery: 'reportedGallery', product: 'reportedProduct' } as const satisfies Record<ReportWhat, string>;

/** Report a feed (or another target) with a reason and an optional description → POST /reports. */
export default function ReportModal({ open, onClose, target, targetId, what = 'post' }: { open: boolean; onClose: () => void; target: ReportTarget; targetId: string; what?: ReportWhat }) {
  const { message } = App.useApp();
  const t = useTranslations('feeds');
  const [form] = Form.useForm<{ reason: ReportReason; description?: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await call(routes.reports.create, { body: { target, targetId, reason: v.reason, description: v.description || '' } });
      message.success(t('reportThanks'));
      form.resetFields();
      onClose();
    } catch (e) {
      const err = e as { statusCode?: number };
      message.error(err.statusCode === 409 ? t(ALREADY[what]) : errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t(TITLES[what])} okText={t('sendReport')} okButtonProps={{ danger: true, loading: busy }} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark={false} preserve={false}>
        <Form.Item name="reason" label={t('reason')} rules={[{ required: true, message: t('pickReason') }]}>
          <Select placeholder={t('pickReason')} options={REPORT_REASONS.map((r) => ({ value: r, label: t(REASON_LABELS[r]) }))} />
        </Form.Item>
        <Form.Item name="description" label={t('description')} rules={zodRules(createReportSchema.shape.description, { required: false })}>
          <Input.TextArea rows={4} maxLength={1000} showCount placeholder={t('reportPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
