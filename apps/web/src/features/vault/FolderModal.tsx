'use client';
import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { vaultFolderInputSchema, type VaultFolder } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';

export type FolderDialogState = { mode: 'create' } | { mode: 'rename'; folder: VaultFolder } | null;

/** New folder (POST /vault/folders) or rename (PUT /vault/folders/{id}); a taken name → the server's 409 message. */
export default function FolderModal({ dialog, onClose, onSaved }: { dialog: FolderDialogState; onClose: () => void; onSaved: (folder: VaultFolder, created: boolean) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rename = dialog?.mode === 'rename' ? dialog.folder : null;

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
      const saved = rename ? await call(routes.vault.renameFolder, { params: { id: rename._id }, body }) : await call(routes.vault.createFolder, { body });
      message.success(rename ? 'Folder renamed' : 'Folder created');
      onSaved(saved, !rename);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={Boolean(dialog)}
      title={rename ? 'Rename folder' : 'New folder'}
      okText={rename ? 'Save' : 'Create folder'}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label="Folder name" rules={zodRules(vaultFolderInputSchema.shape.name, { requiredMessage: 'Name the folder' })}>
          <Input maxLength={60} autoFocus />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
