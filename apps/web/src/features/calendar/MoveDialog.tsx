'use client';
import { useEffect, useState } from 'react';
import { Alert, Input, Modal } from 'antd';
import type { CalendarItem } from '@stagepass/shared';
import { KIND_LABEL, fromLocalInput, toLocalInput } from './calendar';
import css from './calendar.module.css';

/** "Move…": a date-time form for one item (the keyboard and screen-reader alternative to dragging). */
export default function MoveDialog({ item, onClose, onMove }: { item: CalendarItem | null; onClose: () => void; onMove: (item: CalendarItem, at: Date) => Promise<string | null> }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (item) {
      setValue(toLocalInput(new Date(item.at)));
      setError(null);
    }
  }, [item]);

  const submit = async () => {
    if (!item) return;
    const at = fromLocalInput(value);
    if (!at || at.getTime() <= Date.now()) {
      setError('Pick a date and time in the future');
      return;
    }
    setBusy(true);
    const failed = await onMove(item, at);
    setBusy(false);
    if (failed) setError(failed);
    else onClose();
  };

  return (
    <Modal open={!!item} title={item ? `Move ${KIND_LABEL[item.kind].toLowerCase()}` : 'Move'} okText="Move" onOk={() => void submit()} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      {item && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p>
            <strong>{item.title}</strong>
          </p>
          <label htmlFor="calendar-move-at">New date and time</label>
          <Input id="calendar-move-at" type="datetime-local" value={value} min={toLocalInput(new Date())} onChange={(e) => setValue(e.target.value)} status={error ? 'error' : undefined} aria-describedby={error ? 'calendar-move-error' : undefined} />
          {error && <Alert id="calendar-move-error" type="error" showIcon title={error} role="alert" className={css.formAlert} />}
        </form>
      )}
    </Modal>
  );
}
