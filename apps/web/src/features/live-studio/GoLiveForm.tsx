'use client';
/**
 * The "Go live" form: public (followers or subscribers) or group (ticketed) stream, title,
 * description, ticket price, optional tip goal, and a replay (recorded into the vault) when the
 * site records streams (`liveRecordingEnabled`, the built-in server only). Checked with the API's
 * schema before the call.
 */
import { useState } from 'react';
import { Button, Checkbox, Form, Input, Radio } from 'antd';
import { VideoCameraAddOutlined } from '@ant-design/icons';
import { STREAM_DESCRIPTION_MAX, STREAM_TITLE_MAX, type GoLiveInput } from '@stagepass/shared';
import MoneyInput from '@/components/form/MoneyInput';
import CoPerformersField from '@/components/coperformers/LazyCoPerformersField';
import PublishBlockedAlert from '@/components/coperformers/PublishBlockedAlert';
import { useCoPerformers } from '@/components/coperformers/useCoPerformers';
import { useSettings } from '@/lib/site-context';
import { goLiveBody, type GoLiveValues } from './studio';
import css from './live-studio.module.css';
import dynamic from 'next/dynamic';

// Loaded for subscriber streams only (issue 30 §1).
const MinTierSelect = dynamic(() => import('@/components/tiers/MinTierSelect'), { ssr: false });

/**
 * `blocked`: the API's refusal to start because someone named is not cleared (422), shown beside
 * the button; `onSubmit` gets the people's list refresher to read their statuses again then.
 */
export default function GoLiveForm({ initialValues, onSubmit, busy, cameraReady, blocked }: { initialValues: GoLiveValues; onSubmit: (body: GoLiveInput, refreshPeople: () => void) => Promise<void>; busy: boolean; cameraReady: boolean; blocked?: string | null }) {
  const [form] = Form.useForm<GoLiveValues>();
  const type = Form.useWatch('type', form) ?? initialValues.type;
  const record = Form.useWatch('record', form) ?? initialValues.record;
  const access = Form.useWatch('access', form) ?? initialValues.access;
  const settings = useSettings();
  // Replays are recorded by the built-in server (Janus), not by Agora.
  const canRecord = settings.liveRecordingEnabled && !settings.agoraEnable;
  const [checking, setChecking] = useState(false);
  const people = useCoPerformers('stream');

  const submit = async (values: GoLiveValues) => {
    setChecking(true);
    try {
      const { checkGoLive } = await import('./validate');
      const input = people.input();
      const r = checkGoLive({ ...goLiveBody(values), ...(input ? { coPerformers: input } : {}) });
      if (!r.ok) {
        form.setFields([{ name: (r.field || 'title') as keyof GoLiveValues, errors: [r.message] }]);
        return;
      }
      await onSubmit(r.body, people.refresh);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Form<GoLiveValues> form={form} layout="vertical" initialValues={initialValues} onFinish={(v) => void submit(v)} requiredMark={false} aria-label="Go live">
      <Form.Item name="type" label="Stream type">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'public', label: 'Public' },
            { value: 'group', label: 'Group (ticketed)' },
          ]}
        />
      </Form.Item>
      {type === 'public' ? (
        <Form.Item name="access" label="Who can watch" extra="Public streams are free for the audience you choose.">
          <Radio.Group
            options={[
              { value: 'followers', label: 'Followers' },
              { value: 'subscribers', label: 'Subscribers' },
            ]}
          />
        </Form.Item>
      ) : (
        <Form.Item name="price" label="Ticket price" extra="Fans pay once to watch this stream." rules={[{ required: true, message: 'Enter the ticket price' }]}>
          <MoneyInput min={0.01} aria-label="Ticket price" />
        </Form.Item>
      )}
      {type === 'public' && access === 'subscribers' && <MinTierSelect id="stream-min-tier" />}
      <Form.Item name="title" label="Title" rules={[{ required: true, whitespace: true, message: 'Enter a title' }]}>
        <Input maxLength={STREAM_TITLE_MAX} showCount placeholder="What is this stream about?" />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input.TextArea maxLength={STREAM_DESCRIPTION_MAX} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Form.Item name="tipGoal" label="Tip goal (optional)" extra="Shown to viewers with a progress bar.">
        <MoneyInput aria-label="Tip goal (optional)" />
      </Form.Item>
      {canRecord && (
        <Form.Item name="record" valuePropName="checked" extra="After the stream, its recording becomes a draft video in your vault, ready to publish." className={css.compactItem}>
          <Checkbox>Record a replay</Checkbox>
        </Form.Item>
      )}
      {canRecord && record && type === 'group' && (
        <Form.Item name="replayFreeForTicketHolders" valuePropName="checked" className={css.compactItem}>
          <Checkbox>Ticket holders watch the replay free</Checkbox>
        </Form.Item>
      )}
      <CoPerformersField people={people} disabled={busy} />
      <PublishBlockedAlert message={blocked ?? null} people={people} />
      <div className={css.actions}>
        {!cameraReady && <span className={`${css.muted} ${css.small}`}>Turn on your camera to go live.</span>}
        <Button type="primary" htmlType="submit" icon={<VideoCameraAddOutlined />} loading={busy || checking} disabled={!cameraReady}>
          Start live stream
        </Button>
      </div>
    </Form>
  );
}
