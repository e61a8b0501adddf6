'use client';
import { useState } from 'react';
import { Alert, App, Avatar, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { BarChartOutlined, FolderOpenOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, FEED_TEXT_MAX, SCREENING_BLOCKED_MESSAGE, createFeedSchema, type CreateFeedInput, type Feed, type FeedVisibility, type Poll } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';
import { useCurrentUser } from '@/store';
import { fromLocalInput, newPollDraft, pollDraftErrors, toEditable, toLocalInput, type PollDraft } from './composer/draft';
import { ExistingPoll, PollEditor } from './composer/PollEditor';
import { PostOptions } from './composer/PostOptions';
import { ExpiryOption, type Expiry } from './composer/ExpiryOption';
import { useItemLabels } from '@/features/labels/useItemLabels';
import { AttachedFiles, UploadTools } from './composer/Uploads';
import { useComposerUploads } from './composer/useComposerUploads';
import css from './composer/composer.module.css';
import LazyVaultPicker from '@/features/vault/LazyVaultPicker';
import CoPerformersField from '@/components/coperformers/LazyCoPerformersField';
import PublishBlockedAlert, { handlePeopleRefusal } from '@/components/coperformers/PublishBlockedAlert';
import { useCoPerformers } from '@/components/coperformers/useCoPerformers';
import dynamic from 'next/dynamic';

// Loaded when a subscriber post is being written (the Select it uses is not in the composer otherwise).
const MinTierSelect = dynamic(() => import('@/components/tiers/MinTierSelect'), { ssr: false });
// The labels' Select, loaded after the composer shows (the same reason).
const LabelPicker = dynamic(() => import('@/features/labels/LabelPicker'), { ssr: false });

interface FormValues {
  text: string;
  visibility: FeedVisibility;
  price?: number | null;
  minTierId?: string | null;
}

/**
 * The creator's composer (new post and edit): text, photos/videos/audio uploaded at once with
 * per-file progress and processing status (or picked from the vault, no new upload), teaser and thumbnail, poll builder, visibility and
 * price, schedule. Validation uses the shared schemas (createFeedSchema, createPollSchema,
 * ppvPriceLimits). `onDone` receives the saved feed. Its pieces are in ./composer.
 */
export default function Composer({ feed, onDone, onCancel, title }: { feed?: Feed; onDone: (f: Feed) => void; onCancel?: () => void; title?: string }) {
  const { message } = App.useApp();
  const me = useCurrentUser();
  const [form] = Form.useForm<FormValues>();
  const visibility = Form.useWatch('visibility', form) ?? feed?.visibility ?? 'free';
  const { uploads, media, teaser, thumbnail, uploading, onFiles, fromVault } = useComposerUploads(feed);
  const [vaultOpen, setVaultOpen] = useState(false);
  const [poll, setPoll] = useState<PollDraft | null>(null);
  const [existingPoll, setExistingPoll] = useState<Poll | null>(feed?.poll ?? null);
  const [pollErrors, setPollErrors] = useState<Record<string, string>>({});
  const [schedule, setSchedule] = useState<string>(feed?.status === 'scheduled' ? toLocalInput(new Date(feed.publishAt)) : '');
  const [scheduleOn, setScheduleOn] = useState(feed?.status === 'scheduled');
  const [scheduleErr, setScheduleErr] = useState<string | null>(null);
  const [expiry, setExpiry] = useState<Expiry>({ on: Boolean(feed?.expiresAt), at: feed?.expiresAt ? toLocalInput(new Date(feed.expiresAt)) : '', error: null });
  const itemLabels = useItemLabels('feed', feed?._id);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [peopleOpen, setPeopleOpen] = useState(false);
  const people = useCoPerformers('feed', feed?._id, { active: peopleOpen || Boolean(feed) });
  const [blocked, setBlocked] = useState<string | null>(null);

  // Shown once opened, and always while someone is named.
  const showPeople = peopleOpen || people.people.length > 0;

  const validatePoll = (): PollDraft | null | false => {
    if (!poll) return null;
    const errs = pollDraftErrors(poll);
    setPollErrors(errs);
    return Object.keys(errs).length ? false : poll;
  };

  const submit = async () => {
    setFormError(null);
    setBlocked(null);
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const p = validatePoll();
    if (p === false) return;
    let scheduleAt: string | null = null;
    if (scheduleOn) {
      const d = fromLocalInput(schedule);
      if (!d || Number.isNaN(d.getTime()) || d.getTime() <= Date.now()) {
        setScheduleErr('Pick a date and time in the future');
        return;
      }
      scheduleAt = d.toISOString();
    }
    setScheduleErr(null);
    let expiresAt: string | null = null;
    if (expiry.on) {
      const d = fromLocalInput(expiry.at);
      if (!d || Number.isNaN(d.getTime()) || d.getTime() <= Date.now()) {
        setExpiry((x) => ({ ...x, error: 'Pick a date and time in the future' }));
        return;
      }
      expiresAt = d.toISOString();
    }
    setExpiry((x) => ({ ...x, error: null }));
    // An upload stopped by screening stops the post (the API refuses it too): it is never published without a word.
    if ([...media, teaser, thumbnail].some((i) => i?.phase === 'failed' && i.error === SCREENING_BLOCKED_MESSAGE)) {
      setFormError(`${SCREENING_BLOCKED_MESSAGE}: remove it to publish the post.`);
      return;
    }
    const ready = media.filter((i) => i.file && i.phase !== 'failed' && i.phase !== 'error');
    const text = (values.text || '').trim();
    if (!text && !ready.length && !p && !existingPoll) {
      setFormError('Write something, add media or a poll');
      return;
    }
    setBusy(true);
    try {
      let pollId: string | null = existingPoll?._id ?? null;
      if (p) {
        const created = await call(routes.feeds.createPoll, {
          body: {
            question: p.question.trim(),
            options: p.options.map((o) => o.trim()),
            expiresAt: fromLocalInput(p.expiresAt)!.toISOString(),
          },
        });
        pollId = created._id;
      }
      const body: CreateFeedInput = {
        text,
        fileIds: ready.map((i) => i.file!._id),
        teaserId: teaser?.file && teaser.phase !== 'error' ? teaser.file._id : null,
        thumbnailId: thumbnail?.file && thumbnail.phase !== 'error' ? thumbnail.file._id : null,
        pollId,
        visibility: values.visibility,
        price: values.visibility === 'ppv' ? Number(values.price) : null,
        minTierId: values.visibility === 'subscribers' ? (values.minTierId ?? null) : null,
        scheduleAt: feed && !scheduleOn && feed.status === 'scheduled' ? null : scheduleAt,
        ...(expiresAt || feed?.expiresAt ? { expiresAt } : {}),
        ...(people.input() ? { coPerformers: people.input() } : {}),
      };
      const saved = feed ? await call(routes.feeds.update, { params: { id: feed._id }, body }) : await call(routes.feeds.create, { body });
      await itemLabels.save(saved._id);
      message.success(feed ? 'Post updated' : scheduleAt ? 'Post scheduled' : 'Post published');
      if (!feed) {
        form.resetFields();
        uploads.seed([]);
        setPoll(null);
        setScheduleOn(false);
        setSchedule('');
        setExpiry({ on: false, at: '', error: null });
        itemLabels.reset();
        people.reset();
        setPeopleOpen(false);
      } else people.saved();
      onDone(saved);
    } catch (e) {
      // Someone named is not cleared (422), or the people field refused (400).
      if (handlePeopleRefusal(e, people, { blocked: setBlocked, form: setFormError })) return;
      const details = (e as { details?: Array<{ field: string; message: string }> }).details;
      const first = details?.[0];
      setFormError(first ? `${first.field}: ${first.message}` : errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="composer" title={title} styles={{ body: { padding: 16 } }}>
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ text: feed ? toEditable(feed.text) : '', visibility: feed?.visibility ?? 'free', price: feed?.price ?? undefined, minTierId: feed?.minTierId ?? null }}
        onFinish={() => void submit()}
      >
        <Flex gap={12}>
          <Avatar src={me?.avatar || DEFAULT_AVATAR} alt="" size={40} className="hide-sm" />
          <Form.Item name="text" className={css.text} rules={zodRules(createFeedSchema.shape.text, { required: false })}>
            <Input.TextArea aria-label="Post text" placeholder="Share something with your fans…" autoSize={{ minRows: 3, maxRows: 14 }} maxLength={FEED_TEXT_MAX} showCount />
          </Form.Item>
        </Flex>

        <AttachedFiles media={media} teaser={teaser} thumbnail={thumbnail} onRemove={uploads.remove} markable={visibility !== 'free'} />

        {existingPoll && !poll && <ExistingPoll poll={existingPoll} onRemove={() => setExistingPoll(null)} />}
        {poll && <PollEditor poll={poll} errors={pollErrors} onChange={setPoll} onRemove={() => setPoll(null)} />}

        <UploadTools onFiles={onFiles}>
          <Button
            icon={<BarChartOutlined />}
            disabled={Boolean(poll)}
            onClick={() => {
              setExistingPoll(null);
              setPoll(newPollDraft());
            }}
          >
            Add poll
          </Button>
          <Button icon={<FolderOpenOutlined />} onClick={() => setVaultOpen(true)}>
            From vault
          </Button>
          <Button icon={<UsergroupAddOutlined />} aria-expanded={showPeople} onClick={() => setPeopleOpen((o) => !o)} disabled={people.people.length > 0}>
            People in this content
          </Button>
        </UploadTools>
        {showPeople && <CoPerformersField people={people} disabled={busy} />}
        <LazyVaultPicker open={vaultOpen} onClose={() => setVaultOpen(false)} onPick={fromVault} multiple />

        <PostOptions
          visibility={visibility}
          schedule={{ on: scheduleOn, at: schedule, error: scheduleErr }}
          onSchedule={(s) => {
            if (s.on !== undefined) setScheduleOn(s.on);
            if (s.at !== undefined) setSchedule(s.at);
          }}
        />

        <ExpiryOption expiry={expiry} onExpiry={(e) => setExpiry((x) => ({ ...x, ...e }))} />

        {visibility === 'subscribers' && <MinTierSelect id="post-min-tier" />}
        <LabelPicker state={itemLabels} id={feed ? `post-labels-${feed._id}` : 'post-labels'} />

        {formError && <Alert type="error" showIcon title={formError} className={css.gap12} role="alert" />}
        <PublishBlockedAlert message={blocked} people={people} />
        <Flex gap={8} justify="flex-end" align="center">
          {uploading && <Typography.Text type="secondary">Waiting for uploads…</Typography.Text>}
          {onCancel && <Button onClick={onCancel}>Cancel</Button>}
          <Button type="primary" htmlType="submit" loading={busy} disabled={uploading}>
            {feed ? 'Save changes' : 'Publish'}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
