'use client';
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, InputNumber, Skeleton, Switch, Typography } from 'antd';
import { FolderOpenOutlined, SaveOutlined } from '@ant-design/icons';
import { AUTO_MESSAGE_LABELS, MESSAGE_FILES_MAX, MESSAGE_TEXT_MAX, MISS_YOU_DAYS_MAX, type AutoMessage, type VaultItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { count, money } from '@/lib/format';
import { useSettings } from '@/lib/site-context';
import MoneyInput from '@/components/form/MoneyInput';
import { AttachedFiles } from '@/features/feeds/composer/Uploads';
import LazyVaultPicker from '@/features/vault/LazyVaultPicker';
import { itemFromVaultFile, useMediaUploads } from '@/features/vault/useMediaUploads';
import { vaultItemName } from '@/features/vault/VaultTile';
import css from './auto-messages.module.css';

interface Values {
  enabled: boolean;
  text?: string;
  price?: number | null;
  toFollowers?: boolean;
  afterDays?: number | null;
}

const LEADS = {
  welcome: 'Sent to each new subscriber once — a re-subscribe never sends it again.',
  'miss-you': 'Sent once to a fan whose subscription ended, after the days you choose — not if they subscribe again before then.',
} as const;

/** One automatic message: on/off, text, vault media, price, its trigger option, and its figures. */
export default function AutoMessageCard({ message: m, onSaved }: { message: AutoMessage; onSaved: () => void }) {
  const { message } = App.useApp();
  const settings = useSettings();
  const [form] = Form.useForm<Values>();
  const uploads = useMediaUploads();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const id = `auto-${m.kind}`;
  const label = AUTO_MESSAGE_LABELS[m.kind];

  // The saved media, shown as attached (the card is keyed by its save time: a save remounts it).
  useEffect(() => {
    uploads.addExisting(m.files.map((f) => itemFromVaultFile(f, f.type === 'image' ? 'Photo' : f.type === 'video' ? 'Video' : 'Audio')));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const attached = uploads.items.filter((i) => i.file && i.phase !== 'failed' && i.phase !== 'error');
  const hasMedia = attached.length > 0;
  const min = settings.minimumMessagePrice;
  const max = settings.maximumMessagePrice;
  const priceRules = useMemo(
    () => [{ validator: async (_r: unknown, v: number | null | undefined) => {
      if (!hasMedia || !v) return;
      if (v < min || v > max) throw new Error(`The price must be between ${money(min)} and ${money(max)}`);
    } }],
    [min, max, hasMedia],
  );

  const addFromVault = (items: VaultItem[]) => {
    const room = MESSAGE_FILES_MAX - uploads.items.length;
    if (items.length > room) message.warning(`A message holds at most ${MESSAGE_FILES_MAX} files`);
    uploads.addExisting(items.slice(0, Math.max(0, room)).map((it) => itemFromVaultFile(it.file, vaultItemName(it))));
  };

  const submit = async (v: Values) => {
    setFormError(null);
    const text = (v.text ?? '').trim();
    if (v.enabled && !text && !hasMedia) {
      form.setFields([{ name: 'text', errors: ['Write something or attach media'] }]);
      return;
    }
    setBusy(true);
    try {
      await call(routes.autoMessages.update, {
        params: { kind: m.kind },
        body: {
          enabled: v.enabled, text, fileIds: attached.map((i) => i.file!._id), price: hasMedia && v.price ? v.price : 0,
          ...(m.kind === 'welcome' ? { toFollowers: Boolean(v.toFollowers) } : { afterDays: v.afterDays ?? m.afterDays }),
        },
      });
      message.success(`${label} saved`);
      onSaved();
    } catch (e) {
      const fields = fieldErrors(e);
      const known = Object.entries(fields).filter(([k]) => ['text', 'price', 'afterDays'].includes(k));
      if (known.length) form.setFields(known.map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      else setFormError(Object.values(fields)[0] || errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const f = m.figures;
  return (
    <Card className={css.block} title={<h2 className={css.cardTitle} id={`${id}-title`}>{label}</h2>} aria-labelledby={`${id}-title`} data-testid={id}>
      <p className={css.lead}>{LEADS[m.kind]}</p>
      {m.configured || f.sent > 0 ? (
        <dl className={css.figures} aria-label={`${label} figures`}>
          <div><dt>Sent</dt><dd data-testid={`${id}-sent`}>{count(f.sent)}</dd></div>
          <div><dt>Read</dt><dd data-testid={`${id}-read`}>{count(f.read)}</dd></div>
          <div><dt>Bought</dt><dd data-testid={`${id}-bought`}>{count(f.bought)}</dd></div>
          <div><dt>Revenue</dt><dd data-testid={`${id}-revenue`}>{money(f.revenue)}</dd></div>
        </dl>
      ) : (
        <Alert type="info" showIcon className={css.gap} title={m.kind === 'welcome' ? 'No welcome message yet' : 'No “we miss you” message yet'} description="Write it below, turn it on and save: it goes out by itself from then on." />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ enabled: m.enabled, text: m.text, price: m.price, toFollowers: m.toFollowers, afterDays: m.afterDays }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="enabled" valuePropName="checked" label="Send it automatically" className={css.tight}>
          <Switch aria-label={`Send the ${label.toLowerCase()} automatically`} checkedChildren="On" unCheckedChildren="Off" />
        </Form.Item>
        <Form.Item name="text" label="Message">
          <Input.TextArea aria-label={`${label} text`} placeholder={m.kind === 'welcome' ? 'Thanks for subscribing! Here is a little something…' : 'It has been a while — here is what you missed…'} autoSize={{ minRows: 3, maxRows: 10 }} maxLength={MESSAGE_TEXT_MAX} showCount />
        </Form.Item>
        <AttachedFiles media={uploads.items} onRemove={uploads.remove} />
        <div className="composer-tools">
          <Button icon={<FolderOpenOutlined />} onClick={() => setPickerOpen(true)} aria-label={`Add media from the vault to the ${label.toLowerCase()}`}>
            From vault
          </Button>
        </div>
        <div className="composer-options">
          {hasMedia && (
            <Form.Item name="price" label="Price" rules={priceRules} extra={`Empty: free. Paid: between ${money(min)} and ${money(max)}`} className={css.tight}>
              <MoneyInput aria-label={`${label} price`} step={0.5} placeholder="Free" />
            </Form.Item>
          )}
          {m.kind === 'welcome' ? (
            <Form.Item name="toFollowers" valuePropName="checked" label="Also to new followers" className={css.tight}>
              <Switch aria-label="Also send the welcome message to new followers" />
            </Form.Item>
          ) : (
            <Form.Item name="afterDays" label="Days after the subscription ends" className={css.tight} rules={[{ required: true, message: 'Required' }]}>
              <InputNumber<number> aria-label="Days after the subscription ends" min={1} max={MISS_YOU_DAYS_MAX} precision={0} inputMode="numeric" />
            </Form.Item>
          )}
        </div>
        {formError && <Alert type="error" showIcon title={formError} className={css.gap} role="alert" />}
        <div className={css.submitRow}>
          <Typography.Text type="secondary" className={css.small}>Changes apply to the next messages sent.</Typography.Text>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy}>
            Save
          </Button>
        </div>
      </Form>
      <LazyVaultPicker open={pickerOpen} onClose={() => setPickerOpen(false)} onPick={addFromVault} multiple />
    </Card>
  );
}

export function AutoMessageCardSkeleton() {
  return (
    <Card className={css.block} aria-busy="true" aria-label="Loading">
      <Skeleton active paragraph={{ rows: 5 }} />
    </Card>
  );
}
