'use client';
import { useMemo } from 'react';
import { Form, InputNumber, Radio, Space, Switch, Input, Typography } from 'antd';
import { createFeedSchema, ppvPriceLimits, type FeedVisibility } from '@stagepass/shared';
import { amountRangeRule, zodRules } from '@/lib/form-rules';
import { money } from '@/lib/format';
import { useSettings } from '@/lib/site-context';
import { toLocalInput } from './draft';
import css from './composer.module.css';

export interface Schedule {
  on: boolean;
  at: string;
  error: string | null;
}

/**
 * Who can see the post (free / subscribers / pay-per-view with its price, limits from
 * `ppvPriceLimits`) and when it goes out (now, or scheduled). Form fields `visibility`, `price`.
 */
export function PostOptions({ visibility, schedule, onSchedule }: { visibility: FeedVisibility; schedule: Schedule; onSchedule: (s: Partial<Schedule>) => void }) {
  const limits = ppvPriceLimits(useSettings());
  const priceRules = useMemo(
    () => [
      ...zodRules(createFeedSchema.shape.price, { label: 'Price', required: visibility === 'ppv', requiredMessage: 'Set a price for pay-per-view' }),
      amountRangeRule('price', limits.min, limits.max, visibility === 'ppv'),
    ],
    [visibility, limits.min, limits.max],
  );
  return (
    <div className="composer-options">
      <Form.Item name="visibility" label="Who can see it" className={css.tight}>
        <Radio.Group
          options={[
            { value: 'free', label: 'Free' },
            { value: 'subscribers', label: 'Subscribers' },
            { value: 'ppv', label: 'Pay-per-view' },
          ]}
        />
      </Form.Item>
      {visibility === 'ppv' && (
        <Form.Item name="price" label="Price" rules={priceRules} extra={`Between ${money(limits.min)} and ${money(limits.max)}`} className={css.tight}>
          <InputNumber aria-label="Price" prefix="$" min={0} step={0.5} precision={2} className={css.price} />
        </Form.Item>
      )}
      <Form.Item label="Schedule" className={css.tight} validateStatus={schedule.error ? 'error' : undefined} help={schedule.error}>
        <Space wrap>
          <Switch
            checked={schedule.on}
            aria-label="Schedule for later"
            onChange={(v) => onSchedule({ on: v, ...(v && !schedule.at ? { at: toLocalInput(new Date(Date.now() + 3600 * 1000)) } : {}) })}
          />
          {schedule.on ? (
            <Input type="datetime-local" aria-label="Publish at" value={schedule.at} min={toLocalInput(new Date())} onChange={(e) => onSchedule({ at: e.target.value })} />
          ) : (
            <Typography.Text type="secondary">Publish now</Typography.Text>
          )}
        </Space>
      </Form.Item>
    </div>
  );
}
