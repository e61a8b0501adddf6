'use client';
import { useMemo, useRef, useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Card, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { CloudUploadOutlined, FolderOpenOutlined, SendOutlined } from '@ant-design/icons';
import type { MassAudience, VaultItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { count, fullDate, money } from '@/lib/format';
import { useSettings } from '@/lib/site-context';
import { useRoute } from '@/lib/swr';
import MoneyInput from '@/components/form/MoneyInput';
import { AttachedFiles } from '@/features/feeds/composer/Uploads';
import LazyVaultPicker from '@/features/vault/LazyVaultPicker';
import { itemFromVaultFile, useMediaUploads } from '@/features/vault/useMediaUploads';
import { vaultItemName } from '@/features/vault/VaultTile';
import { AUDIENCES, AUDIENCE_LABELS, FILES_MAX as MESSAGE_FILES_MAX, TEXT_MAX as MESSAGE_TEXT_MAX, massMessageBody } from './compose';
import css from './mass-messages.module.css';
import dynamic from 'next/dynamic';

// Loaded for subscriber audiences only (issue 30 §1).
const MinTierSelect = dynamic(() => import('@/components/tiers/MinTierSelect'), { ssr: false });

interface Values {
  audience: MassAudience;
  listIds?: string[];
  text?: string;
  price?: number | null;
  minTierId?: string | null;
}

/** `<input type=datetime-local>` value ↔ Date (local time). */
const toLocalInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
const audienceOptions = AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABELS[a] }));

/**
 * The mass-message composer: audience (and lists), text, media uploaded here (progress, then the
 * processing status) or picked from the vault, a price for the media, now or at a time →
 * POST /messages/broadcast-message, checked first with the API's `createMassMessageSchema`
 * (`./validate`, loaded on the first submit).
 */
export default function MassComposer({ onSent }: { onSent: () => void }) {
  const { message } = App.useApp();
  const settings = useSettings();
  const [form] = Form.useForm<Values>();
  const audience = Form.useWatch('audience', form) ?? 'subscribers';
  const lists = useRoute(routes.messages.lists, audience === 'lists' ? {} : null);
  const uploads = useMediaUploads();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [scheduleOn, setScheduleOn] = useState(false);
  const [scheduleAt, setScheduleAt] = useState('');
  const [scheduleErr, setScheduleErr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const media = uploads.items;
  const attached = media.filter((i) => i.file && i.phase !== 'failed' && i.phase !== 'error');
  const uploading = media.some((i) => i.phase === 'uploading');
  const hasMedia = attached.length > 0;
  const min = settings.minimumMessagePrice;
  const max = settings.maximumMessagePrice;
  // The site's message price limits (as lib/form-rules' amountRangeRule, which would bring the
  // password schema — and zod — into this page's first load). Empty or 0: free.
  const priceRules = useMemo(
    () => [
      {
        validator: async (_r: unknown, v: number | null | undefined) => {
          if (!hasMedia || !v) return;
          if (v < min || v > max) throw new Error(`The price must be between ${money(min)} and ${money(max)}`);
        },
      },
    ],
    [min, max, hasMedia],
  );

  const addFiles = (list: FileList | null) => {
    const files = Array.from(list || []);
    if (!files.length) return;
    const room = MESSAGE_FILES_MAX - media.length;
    if (files.length > room) message.warning(`A message holds at most ${MESSAGE_FILES_MAX} files`);
    if (room > 0) uploads.add(files.slice(0, room));
  };
  const addFromVault = (items: VaultItem[]) => {
    const room = MESSAGE_FILES_MAX - media.length;
    if (items.length > room) message.warning(`A message holds at most ${MESSAGE_FILES_MAX} files`);
    uploads.addExisting(items.slice(0, Math.max(0, room)).map((it) => itemFromVaultFile(it.file, vaultItemName(it))));
  };

  const submit = async (values: Values) => {
    setFormError(null);
    let at: string | undefined;
    if (scheduleOn) {
      const d = scheduleAt ? new Date(scheduleAt) : null;
      if (!d || Number.isNaN(d.getTime()) || d.getTime() <= Date.now() + 30_000) {
        setScheduleErr('Pick a date and time in the future');
        return;
      }
      at = d.toISOString();
    }
    setScheduleErr(null);
    const body = massMessageBody({ ...values, fileIds: attached.map((i) => i.file!._id), scheduleAt: at });
    setBusy(true);
    try {
      const { checkMassMessage } = await import('./validate');
      const check = checkMassMessage(body);
      if (!check.ok) {
        if (check.field === 'listIds' || check.field === 'text' || check.field === 'price') form.setFields([{ name: check.field as keyof Values, errors: [check.message] }]);
        else setFormError(check.message);
        return;
      }
      const sent = await call(routes.messages.broadcast, { body: check.body });
      message.success(sent.status === 'scheduled' ? `Mass message scheduled for ${fullDate(sent.scheduledAt)}` : 'Mass message on its way');
      form.resetFields(['text', 'price']);
      uploads.clear();
      setScheduleOn(false);
      setScheduleAt('');
      onSent();
    } catch (e) {
      const fields = fieldErrors(e);
      const known = Object.entries(fields).filter(([k]) => ['text', 'price', 'listIds', 'audience'].includes(k));
      if (known.length) form.setFields(known.map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      if (fields.scheduleAt) setScheduleErr(fields.scheduleAt);
      if (!known.length && !fields.scheduleAt) setFormError(Object.values(fields)[0] || errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const listOptions = (lists.data ?? []).map((l) => ({ value: l._id, label: `${l.name} (${count(l.total)})` }));

  return (
    <Card className={css.block} title={<h2 className={css.cardTitle}>New mass message</h2>}>
      <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={{ audience: 'subscribers' }} onFinish={(v) => void submit(v)}>
        <div className={css.row}>
          <Form.Item name="audience" label="Audience" className={css.audience}>
            <Select aria-label="Audience" options={audienceOptions} />
          </Form.Item>
          {(audience === 'subscribers' || audience === 'trial') && <MinTierSelect id="mass-min-tier" />}
          {audience === 'lists' && (
            <Form.Item
              name="listIds"
              label="Lists"
              className={css.lists}
              extra={
                lists.data && !lists.data.length ? (
                  <span>
                    You have no lists yet. <Link href="/creator/lists">Make a list</Link>
                  </span>
                ) : (
                  <Link href="/creator/lists">Manage lists</Link>
                )
              }
            >
              <Select aria-label="Lists" mode="multiple" allowClear placeholder="Choose lists" loading={lists.isLoading} options={listOptions} optionFilterProp="label" maxTagCount="responsive" />
            </Form.Item>
          )}
        </div>

        <Form.Item name="text" label="Message">
          <Input.TextArea aria-label="Message text" placeholder="Write to your fans…" autoSize={{ minRows: 3, maxRows: 12 }} maxLength={MESSAGE_TEXT_MAX} showCount />
        </Form.Item>

        <AttachedFiles media={media} onRemove={uploads.remove} />

        <div className="composer-tools">
          <input
            ref={fileInput}
            type="file"
            multiple
            accept="image/*,video/*,audio/*"
            aria-label="Upload media"
            className={css.fileInput}
            onChange={(e) => {
              addFiles(e.target.files);
              e.target.value = '';
            }}
          />
          <Button icon={<CloudUploadOutlined />} onClick={() => fileInput.current?.click()}>
            Upload media
          </Button>
          <Button icon={<FolderOpenOutlined />} onClick={() => setPickerOpen(true)}>
            From vault
          </Button>
        </div>

        <div className="composer-options">
          {hasMedia && (
            <Form.Item name="price" label="Price" rules={priceRules} extra={`Empty: the media is free. Paid: between ${money(min)} and ${money(max)}`} className={css.tight}>
              <MoneyInput aria-label="Price" step={0.5} placeholder="Free" />
            </Form.Item>
          )}
          <Form.Item label="When" className={css.tight} validateStatus={scheduleErr ? 'error' : undefined} help={scheduleErr}>
            <Space wrap>
              <Switch
                checked={scheduleOn}
                aria-label="Schedule for later"
                onChange={(v) => {
                  setScheduleOn(v);
                  setScheduleErr(null);
                  if (v && !scheduleAt) setScheduleAt(toLocalInput(new Date(Date.now() + 3600 * 1000)));
                }}
              />
              {scheduleOn ? (
                <Input type="datetime-local" aria-label="Send at" value={scheduleAt} min={toLocalInput(new Date())} onChange={(e) => setScheduleAt(e.target.value)} />
              ) : (
                <Typography.Text type="secondary">Send now</Typography.Text>
              )}
            </Space>
          </Form.Item>
        </div>

        {formError && <Alert type="error" showIcon title={formError} className={css.gap} role="alert" />}
        <div className={css.submitRow}>
          {uploading && <Typography.Text type="secondary">Waiting for uploads…</Typography.Text>}
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={busy} disabled={uploading}>
            {scheduleOn ? 'Schedule' : 'Send now'}
          </Button>
        </div>
      </Form>

      <LazyVaultPicker open={pickerOpen} onClose={() => setPickerOpen(false)} onPick={addFromVault} multiple />
    </Card>
  );
}
