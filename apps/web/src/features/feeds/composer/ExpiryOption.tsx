'use client';
import { Form, Input, Space, Switch, Typography } from 'antd';
import { toLocalInput } from './draft';
import css from './composer.module.css';

export interface Expiry {
  on: boolean;
  at: string;
  error: string | null;
}

/**
 * "Disappears at": an optional time after which the post leaves every list and its page (its
 * buyers keep it from their purchases; feeds README "Expiring posts"). Checked by the API with the
 * shared `feedExpiryProblem`: in the future and after the publish time.
 */
export function ExpiryOption({ expiry, onExpiry }: { expiry: Expiry; onExpiry: (e: Partial<Expiry>) => void }) {
  return (
    <Form.Item label="Expiry" className={css.tight} validateStatus={expiry.error ? 'error' : undefined} help={expiry.error}>
      <Space wrap>
        <Switch
          checked={expiry.on}
          aria-label="Make this post disappear"
          onChange={(v) => onExpiry({ on: v, ...(v && !expiry.at ? { at: toLocalInput(new Date(Date.now() + 24 * 3600 * 1000)) } : {}) })}
        />
        {expiry.on ? (
          <Input type="datetime-local" aria-label="Disappears at" value={expiry.at} min={toLocalInput(new Date())} onChange={(e) => onExpiry({ at: e.target.value })} />
        ) : (
          <Typography.Text type="secondary">Stays up</Typography.Text>
        )}
      </Space>
    </Form.Item>
  );
}
