'use client';
import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { fanListInputSchema, type FanList } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';

export type ListDialogState = { mode: 'create' } | { mode: 'rename'; list: FanList } | null;

/** New list (POST /messages/lists) or rename (PUT /messages/lists/{id}); a taken name → the server's 409 message. */
export default function ListFormModal({ dialog, onClose, onSaved }: { dialog: ListDialogState; onClose: () => void; onSaved: (list: FanList, created: boolean) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rename = dialog?.mode === 'rename' ? dialog.list : null;

  useEffect(() => {
    if (!dialog) return;
    form.setFieldsValue({ name: rename?.name ?? '' });
    setError(null);
  }, [dialog, rename, form]);

  const submit = async ({ name }: { name: string }) => {
    setBusy(true);
    setError(null);
    try {
      const body = { name: name.trim() };
      const saved = rename ? await call(routes.messages.renameList, { params: { id: rename._id }, body }) : await call(routes.messages.createList, { body });
      message.success(rename ? 'List renamed' : 'List created');
      onSaved(saved, !rename);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={Boolean(dialog)} title={rename ? 'Rename list' : 'New list'} okText={rename ? 'Save' : 'Create list'} confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} forceRender>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label="List name" rules={zodRules(fanListInputSchema.shape.name, { requiredMessage: 'Name the list' })}>
          <Input maxLength={60} autoFocus placeholder="e.g. VIP fans" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
