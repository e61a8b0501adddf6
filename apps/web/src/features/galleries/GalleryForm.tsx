'use client';
import { useMemo, useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Radio, Select, Space, Switch, Typography } from 'antd';
import {
  ASSET_ACCESS, ASSET_STATUSES, GALLERY_DESCRIPTION_MAX, GALLERY_TAGS_MAX, GALLERY_TITLE_MAX, createGallerySchema, ppvPriceLimits,
  type AssetAccess, type AssetStatus, type CreateGalleryInput, type Gallery,
} from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { amountRangeRule, zodRules } from '@/lib/form-rules';
import { money } from '@/lib/format';
import { useSettings } from '@/lib/site-context';
import MoneyInput from '@/components/form/MoneyInput';
import CoPerformersField from '@/components/coperformers/LazyCoPerformersField';
import PublishBlockedAlert, { handlePeopleRefusal } from '@/components/coperformers/PublishBlockedAlert';
import { useCoPerformers } from '@/components/coperformers/useCoPerformers';
import LabelPicker from '@/features/labels/LabelPicker';
import { useItemLabels } from '@/features/labels/useItemLabels';
import css from './galleries.module.css';
import dynamic from 'next/dynamic';

// Loaded for subscriber content only (issue 30 §1).
const MinTierSelect = dynamic(() => import('@/components/tiers/MinTierSelect'), { ssr: false });

interface Values {
  title: string;
  description: string;
  tags: string[];
  status: AssetStatus;
  access: AssetAccess;
  price?: number | null;
  minTierId?: string | null;
}

const STATUS_LABELS: Record<AssetStatus, string> = { draft: 'Draft (only you see it)', active: 'Active', inactive: 'Inactive (hidden from fans)' };
const ACCESS_LABELS: Record<AssetAccess, string> = { free: 'Free', subscribers: 'Subscribers', sale: 'For sale' };

/** `<input type=datetime-local>` value ↔ Date. */
const toLocalInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
const fromLocalInput = (v: string) => (v ? new Date(v) : null);

export interface GalleryFormProps {
  open: boolean;
  /** The gallery to edit; a new one without it. */
  gallery?: Gallery | null;
  onClose: () => void;
  onSaved: (g: Gallery) => void;
}

/**
 * New gallery / edit gallery in a dialog: `Title`, `Description`, `Tags`, `Status`, access radios
 * `Free` / `Subscribers` / `For sale` with `Price` (the site's pay-per-view limits, as posts), and
 * `Schedule for later` → `Publish at`. Checked with the shared schema (createGallerySchema) before
 * POST /performer/performer-assets/galleries or PUT …/galleries/{id}; the API's field errors land
 * under their fields. Load it with `LazyGalleryForm`.
 */
export default function GalleryForm({ open, gallery, onClose, onSaved }: GalleryFormProps) {
  return (
    <Modal open={open} onCancel={onClose} title={gallery ? 'Edit gallery' : 'New gallery'} footer={null} destroyOnHidden width={560}>
      <FormBody key={gallery?._id ?? 'new'} gallery={gallery ?? undefined} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function FormBody({ gallery, onClose, onSaved }: { gallery?: Gallery; onClose: () => void; onSaved: (g: Gallery) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const access = Form.useWatch('access', form) ?? gallery?.access ?? 'free';
  const limits = ppvPriceLimits(useSettings());
  const [scheduleOn, setScheduleOn] = useState(Boolean(gallery?.isScheduled));
  const [at, setAt] = useState(gallery?.isScheduled ? toLocalInput(new Date(gallery.publishAt)) : '');
  const [atError, setAtError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const people = useCoPerformers('gallery', gallery?._id);
  const itemLabels = useItemLabels('gallery', gallery?._id);
  const [blocked, setBlocked] = useState<string | null>(null);
  const priceRules = useMemo(
    () => [
      ...zodRules(createGallerySchema.shape.price, { label: 'Price', required: access === 'sale', requiredMessage: 'Set a price for a gallery for sale' }),
      amountRangeRule('price', limits.min, limits.max, access === 'sale'),
    ],
    [access, limits.min, limits.max],
  );

  const submit = async (v: Values) => {
    setFormError(null);
    setBlocked(null);
    let scheduleAt: string | null | undefined;
    if (scheduleOn) {
      const d = fromLocalInput(at);
      if (!d || Number.isNaN(d.getTime()) || d.getTime() <= Date.now()) {
        setAtError('Pick a date and time in the future');
        return;
      }
      scheduleAt = d.toISOString();
    } else if (gallery?.isScheduled) scheduleAt = null; // publish now
    setAtError(null);
    const body: CreateGalleryInput = {
      title: v.title.trim(),
      description: (v.description || '').trim(),
      tags: v.tags ?? [],
      status: v.status,
      access: v.access,
      price: v.access === 'sale' ? Number(v.price) : null,
      minTierId: v.access === 'subscribers' ? (v.minTierId ?? null) : null,
      ...(scheduleAt !== undefined ? { scheduleAt } : {}),
      ...(people.input() ? { coPerformers: people.input() } : {}),
    };
    setBusy(true);
    try {
      const saved = gallery ? await call(routes.galleries.update, { params: { id: gallery._id }, body }) : await call(routes.galleries.create, { body });
      await itemLabels.save(saved._id);
      message.success(gallery ? 'Gallery saved' : 'Gallery created');
      people.saved();
      onSaved(saved);
    } catch (e) {
      // Someone named is not cleared (422), or the people field refused (400).
      if (handlePeopleRefusal(e, people, { blocked: setBlocked, form: setFormError })) return;
      const fields = fieldErrors(e);
      const known = Object.entries(fields).filter(([f]) => ['title', 'description', 'tags', 'status', 'access', 'price', 'minTierId'].includes(f.split('.')[0]!));
      if (known.length) form.setFields(known.map(([f, msg]) => ({ name: f.split('.')[0] as keyof Values, errors: [msg] })));
      if (fields.scheduleAt) setAtError(fields.scheduleAt);
      if (!known.length && !fields.scheduleAt) setFormError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        title: gallery?.title ?? '',
        description: gallery?.description ?? '',
        tags: gallery?.tags ?? [],
        status: gallery?.status ?? 'active',
        access: gallery?.access ?? 'free',
        price: gallery?.price ?? undefined,
        minTierId: gallery?.minTierId ?? null,
      }}
      onFinish={(v) => void submit(v)}
    >
      <Form.Item name="title" label="Title" rules={zodRules(createGallerySchema.shape.title, { label: 'Title', requiredMessage: 'Give the gallery a title' })}>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog the user just opened: focus goes to its first field (the WAI-ARIA dialog pattern), not a page load */}
        <Input maxLength={GALLERY_TITLE_MAX} autoFocus />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={zodRules(createGallerySchema.shape.description, { required: false })}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={GALLERY_DESCRIPTION_MAX} showCount />
      </Form.Item>
      <Form.Item name="tags" label="Tags" rules={zodRules(createGallerySchema.shape.tags, { required: false })} extra={`Up to ${GALLERY_TAGS_MAX}; press Enter after each`}>
        <Select mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} placeholder="beach, summer" />
      </Form.Item>
      <LabelPicker state={itemLabels} id="gallery-labels" />
      <Form.Item name="status" label="Status">
        <Select options={ASSET_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} />
      </Form.Item>
      <Form.Item name="access" label="Who can see it" className={css.tightItem}>
        <Radio.Group options={ASSET_ACCESS.map((a) => ({ value: a, label: ACCESS_LABELS[a] }))} />
      </Form.Item>
      {access === 'subscribers' && <MinTierSelect id="gallery-min-tier" />}
      {access === 'sale' && (
        <Form.Item name="price" label="Price" rules={priceRules} extra={`Between ${money(limits.min)} and ${money(limits.max)}`}>
          <MoneyInput aria-label="Price" step={0.5} />
        </Form.Item>
      )}
      <Form.Item label="Schedule" validateStatus={atError ? 'error' : undefined} help={atError}>
        <Space wrap>
          <Switch
            checked={scheduleOn}
            aria-label="Schedule for later"
            onChange={(on) => {
              setScheduleOn(on);
              setAtError(null);
              if (on && !at) setAt(toLocalInput(new Date(Date.now() + 3600 * 1000)));
            }}
          />
          {scheduleOn ? (
            <Input type="datetime-local" aria-label="Publish at" value={at} min={toLocalInput(new Date())} onChange={(e) => setAt(e.target.value)} />
          ) : (
            <Typography.Text type="secondary">{gallery && !gallery.isScheduled ? 'Published' : 'Publish now'}</Typography.Text>
          )}
        </Space>
      </Form.Item>
      <CoPerformersField people={people} disabled={busy} />
      {formError && <Alert type="error" showIcon title={formError} role="alert" className={css.formError} />}
      <PublishBlockedAlert message={blocked} people={people} draftHint />
      <Flex gap={8} justify="flex-end">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {gallery ? 'Save changes' : 'Create gallery'}
        </Button>
      </Flex>
    </Form>
  );
}
