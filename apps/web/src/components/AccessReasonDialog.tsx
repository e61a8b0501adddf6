'use client';
import { useEffect, useRef, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { ACCESS_REASON_MAX, ACCESS_REASON_MIN } from '@stagepass/shared';
import { setAccessReasonHandler } from '@/lib/api';

/**
 * The console's one question before an operator opens someone's private data (issue 28 §6): any
 * API call answering 400 `reason_required` (lib/api.ts) opens this dialog; the reason typed is sent
 * with the repeated call and written to the audit log, and remembered for a few minutes in this
 * page. Cancelling leaves the call failed (the screen shows why). Mounted once, in the console's
 * layout.
 */
export default function AccessReasonDialog() {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const resolver = useRef<((reason: string | null) => void) | null>(null);

  useEffect(() => {
    setAccessReasonHandler(
      () =>
        new Promise<string | null>((resolve) => {
          resolver.current = resolve;
          form.resetFields();
          setOpen(true);
        }),
    );
    return () => {
      setAccessReasonHandler(null);
      resolver.current?.(null);
    };
  }, [form]);

  const finish = (reason: string | null) => {
    setOpen(false);
    const resolve = resolver.current;
    resolver.current = null;
    resolve?.(reason);
  };

  return (
    <Modal
      open={open}
      title="Why are you opening this?"
      okText="Open"
      onOk={() => form.submit()}
      onCancel={() => finish(null)}
      forceRender
      destroyOnHidden={false}
      width={480}
    >
      <p>This is someone&apos;s private data. Your reason is kept in the audit log with this access, and the person can see in their data export that an operator opened it.</p>
      <Form form={form} name="access-reason" layout="vertical" requiredMark={false} onFinish={({ reason }) => finish(reason.trim())}>
        <Form.Item
          name="reason"
          label="Reason"
          rules={[
            { required: true, whitespace: true, message: 'Say why you are opening this' },
            { min: ACCESS_REASON_MIN, message: `At least ${ACCESS_REASON_MIN} characters` },
            { max: ACCESS_REASON_MAX, message: `At most ${ACCESS_REASON_MAX} characters` },
          ]}
          extra="For example: report #812, checking the ID matches the selfie. Remembered for 5 minutes in this tab."
        >
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog the user just opened: focus goes to its first field (the WAI-ARIA dialog pattern), not a page load */}
          <Input.TextArea rows={3} maxLength={ACCESS_REASON_MAX} autoFocus placeholder="The case or report you are working on" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
