'use client';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Avatar, Button, Card, Form, Input, InputNumber, Progress, Radio, Space, Switch, Tooltip, Typography } from 'antd';
import {
  AudioOutlined, BarChartOutlined, CheckCircleFilled, CloseOutlined, DeleteOutlined, ExclamationCircleFilled, FileImageOutlined, LoadingOutlined,
  PictureOutlined, PlusOutlined, VideoCameraAddOutlined, VideoCameraOutlined,
} from '@ant-design/icons';
import {
  DEFAULT_AVATAR, FEED_MAX_FILES, FEED_TEXT_MAX, POLL_MAX_OPTIONS, POLL_MIN_OPTIONS, createFeedSchema, createPollSchema, ppvPriceLimits,
  type CreateFeedInput, type Feed, type FeedUploadSlot, type FeedVisibility, type Poll,
} from '@stagepass/shared';
import { api, errorText } from '@/lib/api';
import { amountRangeRule, zodRules } from '@/lib/form-rules';
import { money } from '@/lib/format';
import { useSettings } from '@/lib/site-context';
import { useCurrentUser } from '@/store';
import { itemFromFile, useUploads, type UploadItem } from './useUploads';

const ACCEPT: Record<FeedUploadSlot, string> = {
  photo: 'image/*',
  thumbnail: 'image/*',
  video: 'video/*',
  teaser: 'video/*',
  audio: 'audio/*',
};

/** `<input type=datetime-local>` value ↔ ISO. */
const toLocalInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
const fromLocalInput = (v: string) => (v ? new Date(v) : null);

const decodeEntities = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
/** Stored text (light HTML) → what the textarea shows. */
const toEditable = (html: string) => decodeEntities(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p>/gi, '\n\n').replace(/<\/?p>/gi, ''));

function StatusText({ item }: { item: UploadItem }) {
  switch (item.phase) {
    case 'uploading':
      return <span>Uploading {item.percent}%</span>;
    case 'uploaded':
    case 'processing':
      return (
        <span>
          <LoadingOutlined /> Processing…
        </span>
      );
    case 'ready':
      return (
        <span className="ok">
          <CheckCircleFilled /> Ready
        </span>
      );
    case 'failed':
      return (
        <span className="bad" title={item.error}>
          <ExclamationCircleFilled /> Processing failed
        </span>
      );
    default:
      return (
        <span className="bad" title={item.error}>
          <ExclamationCircleFilled /> {item.error || 'Upload failed'}
        </span>
      );
  }
}

function UploadTile({ item, onRemove, label }: { item: UploadItem; onRemove: () => void; label?: string }) {
  const pic = item.file?.thumbnails?.[0] || item.localUrl || (item.file?.type === 'image' ? item.file.url : undefined);
  const Icon = item.kind === 'audio' ? AudioOutlined : item.kind === 'video' ? VideoCameraOutlined : FileImageOutlined;
  return (
    <div className={`upload-tile-item phase-${item.phase}`} role="group" aria-label={`${label || item.kind} ${item.name}`}>
      <div className="upload-thumb" style={pic ? { backgroundImage: `url(${pic})` } : undefined}>
        {!pic && <Icon />}
      </div>
      <div className="upload-meta">
        <div className="upload-name" title={item.name}>
          {label && <strong>{label}: </strong>}
          {item.name}
        </div>
        <div className="upload-status" role="status">
          <StatusText item={item} />
        </div>
        {item.phase === 'uploading' && <Progress percent={item.percent} size="small" showInfo={false} status="active" aria-label={`Upload progress ${item.name}`} />}
      </div>
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`Remove ${item.name}`} onClick={onRemove} />
    </div>
  );
}

interface PollDraft {
  question: string;
  options: string[];
  expiresAt: string;
}

interface FormValues {
  text: string;
  visibility: FeedVisibility;
  price?: number | null;
}

/**
 * The creator's composer (new post and edit): text, photos/videos/audio uploaded at once with
 * per-file progress and processing status, teaser and thumbnail, poll builder, visibility and
 * price, schedule. Validation uses the shared schemas (createFeedSchema, createPollSchema,
 * ppvPriceLimits). `onDone` receives the saved feed.
 */
export default function Composer({ feed, onDone, onCancel, title }: { feed?: Feed; onDone: (f: Feed) => void; onCancel?: () => void; title?: string }) {
  const { message } = App.useApp();
  const settings = useSettings();
  const me = useCurrentUser();
  const limits = ppvPriceLimits(settings);
  const [form] = Form.useForm<FormValues>();
  const visibility = Form.useWatch('visibility', form) ?? feed?.visibility ?? 'free';
  const uploads = useUploads(feed?._id);
  const [poll, setPoll] = useState<PollDraft | null>(null);
  const [existingPoll, setExistingPoll] = useState<Poll | null>(feed?.poll ?? null);
  const [pollErrors, setPollErrors] = useState<Record<string, string>>({});
  const [schedule, setSchedule] = useState<string>(feed?.status === 'scheduled' ? toLocalInput(new Date(feed.publishAt)) : '');
  const [scheduleOn, setScheduleOn] = useState(feed?.status === 'scheduled');
  const [scheduleErr, setScheduleErr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<FeedUploadSlot, HTMLInputElement | null>>>({});

  useEffect(() => {
    if (!feed) return;
    uploads.seed([
      ...feed.files.map((f) => itemFromFile(f.type === 'image' ? 'photo' : f.type === 'audio' ? 'audio' : 'video', f)),
      ...(feed.teaser ? [itemFromFile('teaser', feed.teaser)] : []),
      ...(feed.thumbnail ? [itemFromFile('thumbnail', feed.thumbnail)] : []),
    ]);
    // seed once per feed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feed?._id]);

  const media = uploads.items.filter((i) => i.slot === 'photo' || i.slot === 'video' || i.slot === 'audio');
  const teaser = uploads.items.find((i) => i.slot === 'teaser');
  const thumbnail = uploads.items.find((i) => i.slot === 'thumbnail');
  const uploading = uploads.items.some((i) => i.phase === 'uploading');

  const pick = (slot: FeedUploadSlot) => inputs.current[slot]?.click();
  const onFiles = (slot: FeedUploadSlot, list: FileList | null) => {
    const files = Array.from(list || []);
    if (!files.length) return;
    const single = slot === 'teaser' || slot === 'thumbnail';
    if (!single && media.length + files.length > FEED_MAX_FILES) {
      message.warning(`A post holds at most ${FEED_MAX_FILES} files`);
      files.splice(Math.max(0, FEED_MAX_FILES - media.length));
    }
    uploads.add(slot, single ? files.slice(0, 1) : files, single);
  };

  const priceRules = useMemo(
    () => [
      ...zodRules(createFeedSchema.shape.price, { label: 'Price', required: visibility === 'ppv', requiredMessage: 'Set a price for pay-per-view' }),
      amountRangeRule('price', limits.min, limits.max, visibility === 'ppv'),
    ],
    [visibility, limits.min, limits.max],
  );

  const validatePoll = (): PollDraft | null | false => {
    if (!poll) return null;
    const expires = fromLocalInput(poll.expiresAt);
    const r = createPollSchema.safeParse({ question: poll.question, options: poll.options, expiresAt: expires && !Number.isNaN(expires.getTime()) ? expires.toISOString() : '' });
    const errs: Record<string, string> = {};
    if (!r.success) {
      for (const i of r.error.issues) {
        const [field, idx] = i.path;
        const key = field === 'options' && typeof idx === 'number' ? `option${idx}` : String(field);
        if (!errs[key]) errs[key] = field === 'expiresAt' ? 'Pick an end time in the future' : i.message;
      }
    }
    if (expires && expires.getTime() <= Date.now()) errs.expiresAt = 'Pick an end time in the future';
    setPollErrors(errs);
    return Object.keys(errs).length ? false : poll;
  };

  const submit = async () => {
    setFormError(null);
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
        const created = await api.post<Poll>('/performer/feeds/polls', {
          question: p.question.trim(),
          options: p.options.map((o) => o.trim()),
          expiresAt: fromLocalInput(p.expiresAt)!.toISOString(),
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
        scheduleAt: feed && !scheduleOn && feed.status === 'scheduled' ? null : scheduleAt,
      };
      const saved = feed ? await api.put<Feed>(`/performer/feeds/${feed._id}`, body) : await api.post<Feed>('/performer/feeds', body);
      message.success(feed ? 'Post updated' : scheduleAt ? 'Post scheduled' : 'Post published');
      if (!feed) {
        form.resetFields();
        uploads.seed([]);
        setPoll(null);
        setScheduleOn(false);
        setSchedule('');
      }
      onDone(saved);
    } catch (e) {
      const details = (e as { details?: Array<{ field: string; message: string }> }).details;
      const first = details?.[0];
      setFormError(first ? `${first.field}: ${first.message}` : errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const slotInput = (slot: FeedUploadSlot, label: string, multiple: boolean) => (
    <input
      ref={(el) => {
        inputs.current[slot] = el;
      }}
      type="file"
      accept={ACCEPT[slot]}
      multiple={multiple}
      aria-label={label}
      style={{ display: 'none' }}
      onChange={(e) => {
        onFiles(slot, e.target.files);
        e.target.value = '';
      }}
    />
  );

  return (
    <Card className="composer" title={title} styles={{ body: { padding: 16 } }}>
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ text: feed ? toEditable(feed.text) : '', visibility: feed?.visibility ?? 'free', price: feed?.price ?? undefined }}
        onFinish={() => void submit()}
      >
        <div style={{ display: 'flex', gap: 12 }}>
          <Avatar src={me?.avatar || DEFAULT_AVATAR} alt="" size={40} className="hide-sm" />
          <Form.Item name="text" style={{ flex: 1, marginBottom: 22 }} rules={zodRules(createFeedSchema.shape.text, { required: false })}>
            <Input.TextArea aria-label="Post text" placeholder="Share something with your fans…" autoSize={{ minRows: 3, maxRows: 14 }} maxLength={FEED_TEXT_MAX} showCount />
          </Form.Item>
        </div>

        {media.length > 0 && (
          <div className="upload-grid" aria-label="Attached files">
            {media.map((it) => (
              <UploadTile key={it.key} item={it} onRemove={() => uploads.remove(it.key)} />
            ))}
          </div>
        )}
        {(teaser || thumbnail) && (
          <div className="upload-grid">
            {teaser && <UploadTile item={teaser} label="Teaser" onRemove={() => uploads.remove(teaser.key)} />}
            {thumbnail && <UploadTile item={thumbnail} label="Thumbnail" onRemove={() => uploads.remove(thumbnail.key)} />}
          </div>
        )}

        {existingPoll && !poll && (
          <Alert
            type="info"
            showIcon
            icon={<BarChartOutlined />}
            style={{ marginBottom: 12 }}
            title={`Poll: ${existingPoll.question || existingPoll.options.map((o) => o.text).join(' / ')}`}
            action={
              <Button size="small" danger onClick={() => setExistingPoll(null)}>
                Remove poll
              </Button>
            }
          />
        )}
        {poll && (
          <div className="poll-builder" role="group" aria-label="Poll">
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
              <strong>
                <BarChartOutlined /> Poll
              </strong>
              <Button type="text" size="small" icon={<DeleteOutlined />} aria-label="Remove poll" onClick={() => setPoll(null)} />
            </div>
            <Form.Item validateStatus={pollErrors.question ? 'error' : undefined} help={pollErrors.question} style={{ marginBottom: 8 }}>
              <Input aria-label="Poll question" placeholder="Ask a question (optional)" maxLength={500} value={poll.question} onChange={(e) => setPoll({ ...poll, question: e.target.value })} />
            </Form.Item>
            {poll.options.map((o, i) => (
              <Form.Item key={i} validateStatus={pollErrors[`option${i}`] ? 'error' : undefined} help={pollErrors[`option${i}`]} style={{ marginBottom: 8 }}>
                <Space.Compact style={{ width: '100%' }}>
                  <Input
                    aria-label={`Poll option ${i + 1}`}
                    placeholder={`Option ${i + 1}`}
                    maxLength={200}
                    value={o}
                    onChange={(e) => setPoll({ ...poll, options: poll.options.map((x, j) => (j === i ? e.target.value : x)) })}
                  />
                  {poll.options.length > POLL_MIN_OPTIONS && (
                    <Button icon={<CloseOutlined />} aria-label={`Remove option ${i + 1}`} onClick={() => setPoll({ ...poll, options: poll.options.filter((_, j) => j !== i) })} />
                  )}
                </Space.Compact>
              </Form.Item>
            ))}
            {pollErrors.options && <div className="field-error">{pollErrors.options}</div>}
            <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <Button icon={<PlusOutlined />} disabled={poll.options.length >= POLL_MAX_OPTIONS} onClick={() => setPoll({ ...poll, options: [...poll.options, ''] })}>
                Add option
              </Button>
              <Form.Item label="Poll ends" validateStatus={pollErrors.expiresAt ? 'error' : undefined} help={pollErrors.expiresAt} style={{ marginBottom: 0 }} htmlFor="poll-ends">
                <Input id="poll-ends" type="datetime-local" aria-label="Poll ends" value={poll.expiresAt} min={toLocalInput(new Date())} onChange={(e) => setPoll({ ...poll, expiresAt: e.target.value })} />
              </Form.Item>
            </div>
          </div>
        )}

        <div className="composer-tools">
          {slotInput('photo', 'Add photos', true)}
          {slotInput('video', 'Add videos', true)}
          {slotInput('audio', 'Add audio', true)}
          {slotInput('teaser', 'Add teaser', false)}
          {slotInput('thumbnail', 'Add thumbnail', false)}
          <Button icon={<PictureOutlined />} onClick={() => pick('photo')}>
            Add photos
          </Button>
          <Button icon={<VideoCameraOutlined />} onClick={() => pick('video')}>
            Add videos
          </Button>
          <Button icon={<AudioOutlined />} onClick={() => pick('audio')}>
            Add audio
          </Button>
          <Tooltip title="A short free clip shown on the locked post">
            <Button icon={<VideoCameraAddOutlined />} onClick={() => pick('teaser')}>
              Add teaser
            </Button>
          </Tooltip>
          <Tooltip title="The cover picture of the post">
            <Button icon={<FileImageOutlined />} onClick={() => pick('thumbnail')}>
              Add thumbnail
            </Button>
          </Tooltip>
          <Button
            icon={<BarChartOutlined />}
            disabled={Boolean(poll)}
            onClick={() => {
              setExistingPoll(null);
              setPoll({ question: '', options: ['', ''], expiresAt: toLocalInput(new Date(Date.now() + 24 * 3600 * 1000)) });
            }}
          >
            Add poll
          </Button>
        </div>

        <div className="composer-options">
          <Form.Item name="visibility" label="Who can see it" style={{ marginBottom: 8 }}>
            <Radio.Group
              options={[
                { value: 'free', label: 'Free' },
                { value: 'subscribers', label: 'Subscribers' },
                { value: 'ppv', label: 'Pay-per-view' },
              ]}
            />
          </Form.Item>
          {visibility === 'ppv' && (
            <Form.Item name="price" label="Price" rules={priceRules} extra={`Between ${money(limits.min)} and ${money(limits.max)}`} style={{ marginBottom: 8 }}>
              <InputNumber aria-label="Price" prefix="$" min={0} step={0.5} precision={2} style={{ width: 160 }} />
            </Form.Item>
          )}
          <Form.Item label="Schedule" style={{ marginBottom: 8 }} validateStatus={scheduleErr ? 'error' : undefined} help={scheduleErr}>
            <Space wrap>
              <Switch
                checked={scheduleOn}
                aria-label="Schedule for later"
                onChange={(v) => {
                  setScheduleOn(v);
                  if (v && !schedule) setSchedule(toLocalInput(new Date(Date.now() + 3600 * 1000)));
                }}
              />
              {scheduleOn ? (
                <Input type="datetime-local" aria-label="Publish at" value={schedule} min={toLocalInput(new Date())} onChange={(e) => setSchedule(e.target.value)} />
              ) : (
                <Typography.Text type="secondary">Publish now</Typography.Text>
              )}
            </Space>
          </Form.Item>
        </div>

        {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} role="alert" />}
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', alignItems: 'center' }}>
          {uploading && <Typography.Text type="secondary">Waiting for uploads…</Typography.Text>}
          {onCancel && <Button onClick={onCancel}>Cancel</Button>}
          <Button type="primary" htmlType="submit" loading={busy} disabled={uploading}>
            {feed ? 'Save changes' : 'Publish'}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
