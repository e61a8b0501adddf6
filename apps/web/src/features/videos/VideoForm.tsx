'use client';
import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Switch, Typography } from 'antd';
import {
  VIDEO_DESCRIPTION_MAX, VIDEO_FILE_FIELDS, VIDEO_TAGS_MAX, VIDEO_TITLE_MAX, VIDEO_UPLOAD_SLOTS, createVideoSchema, ppvPriceLimits, videoTagSchema,
  type AssetAccess, type AssetStatus, type CreateVideoInput, type EditVideoInput, type Video, type VideoUploadSlot,
} from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { amountRangeRule, zodRules } from '@/lib/form-rules';
import { fullDate, money } from '@/lib/format';
import { useSettings } from '@/lib/site-context';
import LazyVaultPicker from '@/features/vault/LazyVaultPicker';
import CoPerformersField from '@/components/coperformers/LazyCoPerformersField';
import PublishBlockedAlert, { handlePeopleRefusal } from '@/components/coperformers/PublishBlockedAlert';
import { useCoPerformers } from '@/components/coperformers/useCoPerformers';
import LabelPicker from '@/features/labels/LabelPicker';
import { useItemLabels } from '@/features/labels/useItemLabels';
import { fromLocalInput, toLocalInput } from './video-format';
import FileSlot from './FileSlot';
import ForensicMarkSwitch from '@/features/protection/ForensicMarkSwitch';
import { useVideoFiles } from './useVideoFiles';
import css from './videos.module.css';
import dynamic from 'next/dynamic';

// Loaded for subscriber content only (issue 30 §1).
const MinTierSelect = dynamic(() => import('@/components/tiers/MinTierSelect'), { ssr: false });

interface FormValues {
  title: string;
  description: string;
  tags: string[];
  status: AssetStatus;
  access: AssetAccess;
  price?: number | null;
  minTierId?: string | null;
}

const FORM_FIELDS = new Set(['title', 'description', 'tags', 'status', 'access', 'price', 'minTierId']);
const SLOT_OF_FIELD = Object.fromEntries(VIDEO_UPLOAD_SLOTS.map((s) => [VIDEO_FILE_FIELDS[s], s])) as Record<string, VideoUploadSlot>;

const tagsRule = {
  validator: async (_r: unknown, tags: string[] | undefined) => {
    if (!tags?.length) return;
    if (tags.length > VIDEO_TAGS_MAX) throw new Error(`At most ${VIDEO_TAGS_MAX} tags`);
    for (const t of tags) {
      const r = videoTagSchema.safeParse(t);
      if (!r.success) throw new Error(`"${t}": ${r.error.issues[0]?.message ?? 'Invalid tag'}`);
    }
  },
};

/** A video has a future publication time it has not reached (so the schedule switch starts on). */
const hasFutureSchedule = (v: Video | undefined) => Boolean(v && !v.publishedAt && new Date(v.publishAt).getTime() > Date.now());

/**
 * The creator's video form (new and edit): title, description, tags, status, access (free /
 * subscribers / for sale with a price within `ppvPriceLimits`), schedule, and the three files
 * (FileSlot: upload with progress and processing status, or a vault file; remove).
 * - New: POST …/videos/create with everything.
 * - Edit: the metadata with PUT …/edit/{id}; changed files with PUT …/update/{id} and removed ones
 *   with DELETE …/remove-file/{id} {type} — files first when the video is to be active (an active
 *   video needs its file), the metadata first otherwise (a draft or inactive video may lose it).
 * API field errors (400) are shown on their fields and files; anything else in `role=alert`.
 */
export default function VideoForm({ video, onDone, onCancel }: { video?: Video; onDone: (v: Video) => void; onCancel: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const access = Form.useWatch('access', form) ?? video?.access ?? 'free';
  const status = Form.useWatch('status', form) ?? video?.status ?? 'active';
  const files = useVideoFiles(video);
  const [vaultSlot, setVaultSlot] = useState<VideoUploadSlot | null>(null);
  const [lastVaultSlot, setLastVaultSlot] = useState<VideoUploadSlot>('video');
  const [slotErrors, setSlotErrors] = useState<Partial<Record<VideoUploadSlot, string>>>({});
  const published = Boolean(video?.publishedAt);
  const [scheduleOn, setScheduleOn] = useState(hasFutureSchedule(video));
  const [scheduleAt, setScheduleAt] = useState(hasFutureSchedule(video) ? toLocalInput(new Date(video!.publishAt)) : '');
  const [scheduleErr, setScheduleErr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const people = useCoPerformers('video', video?._id);
  const itemLabels = useItemLabels('video', video?._id);
  const [blocked, setBlocked] = useState<string | null>(null);
  const limits = ppvPriceLimits(useSettings());
  const priceRules = useMemo(
    () => [
      ...zodRules(createVideoSchema.shape.price.unwrap().unwrap(), { label: 'Price', required: access === 'sale', requiredMessage: 'Set a price for a video for sale' }),
      amountRangeRule('price', limits.min, limits.max, access === 'sale'),
    ],
    [access, limits.min, limits.max],
  );

  const setSlotError = (slot: VideoUploadSlot, msg: string | undefined) => setSlotErrors((e) => ({ ...e, [slot]: msg }));

  /** The API's answer on the form: field errors on their fields and files, the message above the buttons. */
  const showError = (e: unknown) => {
    // Someone named is not cleared (422), or the people field refused (400).
    if (handlePeopleRefusal(e, people, { blocked: setBlocked, form: setFormError })) return;
    const byField = fieldErrors(e);
    const onForm: Array<{ name: keyof FormValues; errors: string[] }> = [];
    const onSlots: Partial<Record<VideoUploadSlot, string>> = {};
    for (const [field, msg] of Object.entries(byField)) {
      const top = field.split('.')[0]!;
      if (FORM_FIELDS.has(top)) onForm.push({ name: top as keyof FormValues, errors: [msg] });
      else if (SLOT_OF_FIELD[top]) onSlots[SLOT_OF_FIELD[top]] = msg;
      else if (top === 'scheduleAt') setScheduleErr(msg);
    }
    if (onForm.length) form.setFields(onForm);
    setSlotErrors(onSlots);
    // Field errors are shown where they belong; the alert then only points to them.
    const shown = onForm.length + Object.keys(onSlots).length + (byField.scheduleAt ? 1 : 0);
    setFormError(shown ? 'Some fields need your attention: see the messages above.' : errorText(e));
  };

  /** The schedule as the API wants it: an ISO time, null (publish now) or undefined (unchanged); false when invalid. */
  const scheduleValue = (): string | null | undefined | false => {
    if (published) return undefined;
    if (scheduleOn) {
      const d = fromLocalInput(scheduleAt);
      if (!d || Number.isNaN(d.getTime()) || d.getTime() <= Date.now()) {
        setScheduleErr('Pick a date and time in the future');
        return false;
      }
      return d.toISOString();
    }
    return hasFutureSchedule(video) ? null : undefined;
  };

  const submit = async () => {
    setFormError(null);
    setBlocked(null);
    setScheduleErr(null);
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const when = scheduleValue();
    if (when === false) return;
    const ids = files.ids();
    const failed = VIDEO_UPLOAD_SLOTS.find((s) => files.slots[s]?.phase === 'error' || files.slots[s]?.phase === 'failed');
    if (failed) {
      setSlotErrors({ [failed]: 'This file did not make it: upload it again or remove it' });
      return;
    }
    if (values.status === 'active' && !ids.video) {
      setSlotErrors({ video: 'Upload the video file to publish it, or save it as a draft' });
      return;
    }
    setSlotErrors({});
    const meta = {
      title: values.title,
      description: values.description ?? '',
      tags: values.tags ?? [],
      status: values.status,
      access: values.access,
      price: values.access === 'sale' ? Number(values.price) : null,
      minTierId: values.access === 'subscribers' ? (values.minTierId ?? null) : null,
      ...(people.input() ? { coPerformers: people.input() } : {}),
    };
    setBusy(true);
    try {
      let saved: Video;
      if (!video) {
        const body: CreateVideoInput = { ...meta, fileId: ids.video, teaserFileId: ids.teaser, thumbnailFileId: ids.thumbnail, scheduleAt: when ?? null };
        saved = await call(routes.videos.create, { body });
        message.success(values.status !== 'active' ? 'Video saved' : when ? 'Video scheduled' : 'Video published');
      } else {
        const body: EditVideoInput = { ...meta, ...(when !== undefined ? { scheduleAt: when } : {}) };
        const { update, removed } = files.changes(video);
        const saveFiles = async () => {
          let v: Video | null = null;
          if (Object.keys(update).length) v = await call(routes.videos.update, { params: { id: video._id }, body: update });
          for (const type of removed) v = await call(routes.videos.removeFile, { params: { id: video._id }, body: { type } });
          return v;
        };
        const saveMeta = () => call(routes.videos.edit, { params: { id: video._id }, body });
        if (values.status === 'active') {
          await saveFiles();
          saved = await saveMeta();
        } else {
          saved = await saveMeta();
          saved = (await saveFiles()) ?? saved;
        }
        files.reset(saved);
        message.success('Changes saved');
      }
      await itemLabels.save(saved._id);
      people.saved();
      onDone(saved);
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        title: video?.title ?? '',
        description: video?.description ?? '',
        tags: video?.tags ?? [],
        status: video?.status ?? 'active',
        access: video?.access ?? 'free',
        price: video?.price ?? undefined,
        minTierId: video?.minTierId ?? null,
      }}
      onFinish={() => void submit()}
    >
      <div className={css.formGrid}>
        <Card title="Details">
          <Form.Item name="title" label="Title" rules={zodRules(createVideoSchema.shape.title, { required: true, requiredMessage: 'Give the video a title' })}>
            <Input maxLength={VIDEO_TITLE_MAX} showCount placeholder="What is it called?" />
          </Form.Item>
          <Form.Item name="description" label="Description" rules={zodRules(createVideoSchema.shape.description.unwrap(), { required: false })}>
            <Input.TextArea maxLength={VIDEO_DESCRIPTION_MAX} showCount autoSize={{ minRows: 4, maxRows: 14 }} placeholder="Tell your fans what it is about" />
          </Form.Item>
          <Form.Item name="tags" label="Tags" rules={[tagsRule]} extra="Type a tag and press Enter (or a comma).">
            <Select mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} placeholder="e.g. behind the scenes" />
          </Form.Item>
          <LabelPicker state={itemLabels} id="video-labels" />
          <Form.Item
            name="status"
            label="Status"
            extra={status === 'draft' ? 'Only you see a draft.' : status === 'inactive' ? 'Withdrawn: fans no longer see it (buyers keep it).' : 'Fans see it once it is published.'}
          >
            <Select
              className={css.full}
              options={[
                { value: 'draft', label: 'Draft', disabled: published },
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
            />
          </Form.Item>
          <Form.Item name="access" label="Who can watch" className={css.tight}>
            <Radio.Group
              options={[
                { value: 'free', label: 'Free' },
                { value: 'subscribers', label: 'Subscribers' },
                { value: 'sale', label: 'For sale' },
              ]}
            />
          </Form.Item>
          {access === 'subscribers' && <MinTierSelect id="video-min-tier" />}
          {access === 'sale' && (
            <Form.Item name="price" label="Price" rules={priceRules} extra={`Between ${money(limits.min)} and ${money(limits.max)}`}>
              <InputNumber aria-label="Price" prefix="$" min={0} step={0.5} precision={2} className={css.price} />
            </Form.Item>
          )}
          <Form.Item label="Publication" validateStatus={scheduleErr ? 'error' : undefined} help={scheduleErr} className={css.tight}>
            {published ? (
              <Typography.Text type="secondary">Published {fullDate(video?.publishedAt)}</Typography.Text>
            ) : (
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
                  <Input type="datetime-local" aria-label="Publish at" value={scheduleAt} min={toLocalInput(new Date())} onChange={(e) => setScheduleAt(e.target.value)} />
                ) : (
                  <Typography.Text type="secondary">{status === 'active' ? 'Publish now' : 'Schedule for later'}</Typography.Text>
                )}
              </Space>
            )}
          </Form.Item>
        </Card>

        <Card title="Files">
          <div className={css.slots}>
            {VIDEO_UPLOAD_SLOTS.map((slot) => (
              <FileSlot
                key={slot}
                slot={slot}
                item={files.slots[slot]}
                error={slotErrors[slot]}
                onFile={(f) => {
                  setSlotError(slot, undefined);
                  files.upload(slot, f);
                }}
                onVault={() => {
                  setLastVaultSlot(slot);
                  setVaultSlot(slot);
                }}
                onRemove={() => {
                  setSlotError(slot, undefined);
                  files.clear(slot);
                }}
              />
            ))}
          </div>
          {/* Paid and subscriber videos stream privately, with each viewer's forensic mark. */}
          {access !== 'free' && files.slots.video?.file && files.slots.video.phase === 'ready' && <ForensicMarkSwitch fileId={files.slots.video.file._id} kind="video" />}
        </Card>
      </div>

      <CoPerformersField people={people} disabled={busy} />

      <LazyVaultPicker
        key={lastVaultSlot}
        open={vaultSlot !== null}
        onClose={() => setVaultSlot(null)}
        multiple={false}
        type={lastVaultSlot === 'thumbnail' ? 'image' : 'video'}
        onPick={(items) => {
          const it = items[0];
          if (!it) return;
          setSlotError(lastVaultSlot, undefined);
          files.pick(lastVaultSlot, it.file, it.caption || 'From your vault');
        }}
      />

      {formError && <Alert type="error" showIcon title={formError} role="alert" className={css.alert} />}
      <PublishBlockedAlert message={blocked} people={people} draftHint />
      <div className={css.footer}>
        {files.uploading && <Typography.Text type="secondary">Waiting for uploads…</Typography.Text>}
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={busy} disabled={files.uploading}>
          {video ? 'Save changes' : 'Publish video'}
        </Button>
      </div>
    </Form>
  );
}
