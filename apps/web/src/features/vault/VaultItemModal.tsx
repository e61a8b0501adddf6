'use client';
import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { updateVaultItemSchema, type VaultFolder, type VaultItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';
import { VaultThumb, vaultItemName } from './VaultTile';
import css from './vault.module.css';

interface Values {
  caption: string;
  folderId: string;
}

/** A vault file's caption and folder (PUT /vault/{id}); `folderId` '' = outside folders. */
export default function VaultItemModal({ item, folders, onClose, onSaved }: { item: VaultItem | null; folders: VaultFolder[]; onClose: () => void; onSaved: (item: VaultItem) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!item) return;
    form.setFieldsValue({ caption: item.caption, folderId: item.folderId ?? '' });
    setError(null);
  }, [item, form]);

  const submit = async (v: Values) => {
    if (!item) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await call(routes.vault.update, { params: { id: item._id }, body: { caption: (v.caption || '').trim(), folderId: v.folderId || null } });
      message.success('Changes saved');
      onSaved(saved);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={Boolean(item)} title="Edit file" okText="Save" confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} forceRender>
      {item && (
        <div className={css.editPreview} aria-hidden="true">
          <div className={css.tile}>
            <VaultThumb item={item} />
          </div>
        </div>
      )}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="caption" label="Caption" rules={zodRules(updateVaultItemSchema.shape.caption, { required: false })} extra="Only you see it: it helps you find the file.">
          <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 5 }} placeholder={item ? vaultItemName(item) : undefined} />
        </Form.Item>
        <Form.Item name="folderId" label="Folder">
          <Select options={[{ value: '', label: 'Not in a folder' }, ...folders.map((f) => ({ value: f._id, label: f.name }))]} />
        </Form.Item>
      </Form>
      {item && item.usedIn.feeds + item.usedIn.messages > 0 && (
        <p className={`muted ${css.usage}`}>
          Used in {item.usedIn.feeds} post{item.usedIn.feeds === 1 ? '' : 's'} and {item.usedIn.messages} message{item.usedIn.messages === 1 ? '' : 's'}.
        </p>
      )}
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
