'use client';
import { useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import { REPORT_REASONS, createReportSchema, type ReportReason, type ReportTarget } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';

const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or scam',
  abuse: 'Harassment or abuse',
  copyright: 'Copyright infringement',
  illegal: 'Illegal content',
  other: 'Something else',
};

/** Report a feed (or another target) with a reason and an optional description → POST /reports. */
export default function ReportModal({ open, onClose, target, targetId, what = 'post' }: { open: boolean; onClose: () => void; target: ReportTarget; targetId: string; what?: string }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: ReportReason; description?: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await call(routes.reports.create, { body: { target, targetId, reason: v.reason, description: v.description || '' } });
      message.success('Thanks — our team will review it.');
      form.resetFields();
      onClose();
    } catch (e) {
      const err = e as { statusCode?: number };
      message.error(err.statusCode === 409 ? `You already reported this ${what}.` : errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={`Report this ${what}`} okText="Send report" okButtonProps={{ danger: true, loading: busy }} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark={false} preserve={false}>
        <Form.Item name="reason" label="Reason" rules={[{ required: true, message: 'Pick a reason' }]}>
          <Select placeholder="Pick a reason" options={REPORT_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }))} />
        </Form.Item>
        <Form.Item name="description" label="Description" rules={zodRules(createReportSchema.shape.description, { required: false })}>
          <Input.TextArea rows={4} maxLength={1000} showCount placeholder="Tell us what is wrong (optional)" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
