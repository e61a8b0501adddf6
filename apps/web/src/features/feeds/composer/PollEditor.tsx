'use client';
import { Alert, Button, Flex, Form, Input, Space } from 'antd';
import { BarChartOutlined, CloseOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { POLL_MAX_OPTIONS, POLL_MIN_OPTIONS, type Poll } from '@stagepass/shared';
import { toLocalInput, type PollDraft } from './draft';
import css from './composer.module.css';

/** The poll an edited post already has, with a button to drop it. */
export function ExistingPoll({ poll, onRemove }: { poll: Poll; onRemove: () => void }) {
  return (
    <Alert
      type="info"
      showIcon
      icon={<BarChartOutlined />}
      className={css.gap12}
      title={`Poll: ${poll.question || poll.options.map((o) => o.text).join(' / ')}`}
      action={
        <Button size="small" danger onClick={onRemove}>
          Remove poll
        </Button>
      }
    />
  );
}

/** The poll builder: question, 2–10 options, end time; `errors` from `pollDraftErrors`. */
export function PollEditor({ poll, errors, onChange, onRemove }: { poll: PollDraft; errors: Record<string, string>; onChange: (p: PollDraft) => void; onRemove: () => void }) {
  return (
    <div className="poll-builder" role="group" aria-label="Poll">
      <Flex justify="space-between" align="center" className={css.pollHead}>
        <strong>
          <BarChartOutlined /> Poll
        </strong>
        <Button type="text" size="small" icon={<DeleteOutlined />} aria-label="Remove poll" onClick={onRemove} />
      </Flex>
      <Form.Item validateStatus={errors.question ? 'error' : undefined} help={errors.question} className={css.tight}>
        <Input aria-label="Poll question" placeholder="Ask a question (optional)" maxLength={500} value={poll.question} onChange={(e) => onChange({ ...poll, question: e.target.value })} />
      </Form.Item>
      {poll.options.map((o, i) => (
        <Form.Item key={i} validateStatus={errors[`option${i}`] ? 'error' : undefined} help={errors[`option${i}`]} className={css.tight}>
          <Space.Compact block>
            <Input
              aria-label={`Poll option ${i + 1}`}
              placeholder={`Option ${i + 1}`}
              maxLength={200}
              value={o}
              onChange={(e) => onChange({ ...poll, options: poll.options.map((x, j) => (j === i ? e.target.value : x)) })}
            />
            {poll.options.length > POLL_MIN_OPTIONS && (
              <Button icon={<CloseOutlined />} aria-label={`Remove option ${i + 1}`} onClick={() => onChange({ ...poll, options: poll.options.filter((_, j) => j !== i) })} />
            )}
          </Space.Compact>
        </Form.Item>
      ))}
      {errors.options && <div className="field-error">{errors.options}</div>}
      <Flex gap={12} wrap align="flex-start">
        <Button icon={<PlusOutlined />} disabled={poll.options.length >= POLL_MAX_OPTIONS} onClick={() => onChange({ ...poll, options: [...poll.options, ''] })}>
          Add option
        </Button>
        <Form.Item label="Poll ends" validateStatus={errors.expiresAt ? 'error' : undefined} help={errors.expiresAt} className={css.flush} htmlFor="poll-ends">
          <Input id="poll-ends" type="datetime-local" aria-label="Poll ends" value={poll.expiresAt} min={toLocalInput(new Date())} onChange={(e) => onChange({ ...poll, expiresAt: e.target.value })} />
        </Form.Item>
      </Flex>
    </div>
  );
}
