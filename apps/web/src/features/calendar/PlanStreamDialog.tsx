'use client';
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Form, Input, Modal, Radio, Space } from 'antd';
import { plannedStreamInputSchema, type PlannedStream } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { FormSkeleton } from '@/components/states';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { fromLocalInput, toLocalInput } from './calendar';
import css from './calendar.module.css';

interface Values {
  title: string;
  type: 'public' | 'group';
  startsAt: string;
  description?: string;
}
const shape = plannedStreamInputSchema.shape;
const titleRules = zodRules(shape.title, { label: 'Title' });
const descriptionRules = zodRules(shape.description, { label: 'Description', required: false });

/**
 * A planned stream: new (`id` 'new', at `defaultAt`) or one of the creator's (read, changed,
 * cancelled). It never starts itself: "Go live" opens the studio, and going live around its time
 * fulfils the plan (modules/streaming README "Planned streams").
 */
export default function PlanStreamDialog({ id, defaultAt, onClose, onSaved }: { id: string | 'new' | null; defaultAt: Date; onClose: () => void; onSaved: () => void }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [current, setCurrent] = useState<PlannedStream | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    setFailure(null);
    setCurrent(null);
    if (!id) return;
    if (id === 'new') {
      form.setFieldsValue({ title: '', type: 'public', startsAt: toLocalInput(defaultAt), description: '' });
      return;
    }
    setLoading(true);
    call(routes.plannedStreams.one, { params: { id } })
      .then((p) => {
        setCurrent(p);
        form.setFieldsValue({ title: p.title, type: p.type, startsAt: toLocalInput(new Date(p.startsAt)), description: p.description });
      })
      .catch((e) => setFailure(errorText(e)))
      .finally(() => setLoading(false));
  }, [id, defaultAt, form]);

  const save = async (v: Values) => {
    const at = fromLocalInput(v.startsAt);
    if (!at || at.getTime() <= Date.now()) {
      form.setFields([{ name: 'startsAt', errors: ['Pick a date and time in the future'] }]);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const body = { title: v.title, type: v.type, startsAt: at.toISOString(), description: v.description ?? '' };
      if (id === 'new') await call(routes.plannedStreams.create, { body });
      else if (id) await call(routes.plannedStreams.update, { params: { id }, body });
      void message.success(id === 'new' ? 'Stream planned — fans see it on your profile' : 'Planned stream saved');
      onSaved();
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
      setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const cancelPlan = () => {
    if (!current) return;
    modal.confirm({
      title: 'Cancel this planned stream?',
      content: 'It leaves your profile and your calendar.',
      okText: 'Cancel stream',
      cancelText: 'Keep it',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(routes.plannedStreams.cancel, { params: { id: current._id } });
          void message.success('Planned stream cancelled');
          onSaved();
          onClose();
        } catch (e) {
          void message.error(errorText(e));
        }
      },
    });
  };

  const editable = id === 'new' || current?.status === 'planned';
  return (
    <Modal
      open={!!id}
      title={id === 'new' ? 'Plan a stream' : 'Planned stream'}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          {current?.status === 'planned' && (
            <>
              <Button danger onClick={cancelPlan}>
                Cancel stream
              </Button>
              <Link href="/creator/live">
                <Button>Go live now</Button>
              </Link>
            </>
          )}
          <Button onClick={onClose}>Close</Button>
          {editable && (
            <Button type="primary" loading={busy} onClick={() => form.submit()}>
              {id === 'new' ? 'Plan stream' : 'Save'}
            </Button>
          )}
        </Space>
      }
    >
      {loading ? (
        <FormSkeleton rows={4} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)} requiredMark={false} disabled={!editable}>
          {current && current.status !== 'planned' && <Alert className={css.formAlert} type="info" showIcon title={current.status === 'started' ? 'This stream has started.' : 'This stream was cancelled.'} />}
          <Form.Item name="title" label="Title" rules={titleRules}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="type" label="Type">
            <Radio.Group
              options={[
                { value: 'public', label: 'Public (free for followers or subscribers)' },
                { value: 'group', label: 'Group (ticketed)' },
              ]}
            />
          </Form.Item>
          <Form.Item name="startsAt" label="Starts at" rules={[{ required: true, message: 'Pick a date and time' }]}>
            <Input type="datetime-local" min={toLocalInput(new Date())} />
          </Form.Item>
          <Form.Item name="description" label="Description (optional)" rules={descriptionRules}>
            <Input.TextArea rows={3} maxLength={1000} />
          </Form.Item>
          <p className="muted">A planned stream does not start by itself: go live from the studio when the time comes.</p>
          {failure && <Alert type="error" showIcon title={failure} />}
        </Form>
      )}
    </Modal>
  );
}
