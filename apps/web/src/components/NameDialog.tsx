'use client';
import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import type { z } from 'zod';
import { errorText } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';

export interface NameDialogProps<T> {
  open: boolean;
  /** What is named, lower case: `list`, `folder`. */
  noun: string;
  /** The current name when renaming; undefined when making a new one. */
  current?: string;
  schema: z.ZodType;
  placeholder?: string;
  /** Saves the trimmed name (create or rename); a failure shows the server's message (e.g. a taken name's 409). */
  save: (name: string) => Promise<T>;
  onClose: () => void;
  onSaved: (saved: T, created: boolean) => void;
}

/** A one-field dialog that names something new or renames it (fan lists, vault folders). */
export default function NameDialog<T>({ open, noun, current, schema, placeholder, save, onClose, onSaved }: NameDialogProps<T>) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const renaming = current !== undefined;
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ name: current ?? '' });
    setError(null);
  }, [open, current, form]);

  const submit = async ({ name }: { name: string }) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await save(name.trim());
      message.success(renaming ? `${Noun} renamed` : `${Noun} created`);
      onSaved(saved, !renaming);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={renaming ? `Rename ${noun}` : `New ${noun}`} okText={renaming ? 'Save' : `Create ${noun}`} confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} forceRender>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label={`${Noun} name`} rules={zodRules(schema, { requiredMessage: `Name the ${noun}` })}>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog the user just opened: focus goes to its first field (the WAI-ARIA dialog pattern), not a page load */}
          <Input maxLength={60} autoFocus placeholder={placeholder} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
