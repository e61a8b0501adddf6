'use client';
/** While live: set, change or remove the tip goal (PUT /streaming/live/{id}); viewers see it at once ('stream/updated'). */
import { useState } from 'react';
import { App, Button, Form } from 'antd';
import type { Stream } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import MoneyInput from '@/components/form/MoneyInput';
import css from './live-studio.module.css';

export default function GoalEditor({ stream, onSaved }: { stream: Stream; onSaved: (s: Stream) => void }) {
  const { message } = App.useApp();
  const [goal, setGoal] = useState<number | null>(stream.tipGoal);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const next = await call(routes.streaming.update, { params: { id: stream._id }, body: { tipGoal: goal && goal > 0 ? goal : null } });
      onSaved(next);
      void message.success(goal && goal > 0 ? 'Tip goal saved' : 'Tip goal removed');
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form layout="vertical" component="div" className={css.goal}>
      <Form.Item label="Tip goal" htmlFor="studio-goal" extra="Leave empty to remove the goal.">
        <div className={css.inline}>
          <MoneyInput id="studio-goal" value={goal} onChange={(v) => setGoal(v)} />
          <Button onClick={() => void save()} loading={saving} disabled={(goal ?? null) === stream.tipGoal}>
            Save goal
          </Button>
        </div>
      </Form.Item>
    </Form>
  );
}
