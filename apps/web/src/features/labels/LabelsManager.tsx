'use client';
import { useState } from 'react';
import { App, Button, Card, Form, Input, List, Modal, Skeleton, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { LABEL_NAME_MAX, LABELS_MAX, labelNameSchema, type Label } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { zodRules } from '@/lib/form-rules';
import { plural } from '@/lib/format';
import { EmptyState, ErrorState } from '@/components/states';
import width from '@/components/layouts/page-width.module.css';
import css from './labels.module.css';

/** "3 posts · 1 video" — what carries the label. */
function countsText(c: Label['counts']) {
  const parts = [c.feed && plural(c.feed, 'post'), c.video && plural(c.video, 'video'), c.gallery && (c.gallery === 1 ? '1 gallery' : `${c.gallery} galleries`)].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Not used yet';
}

/** Field errors of the API (400/409) on the form's `name`, else a toast. */
function showError(e: unknown, form: ReturnType<typeof Form.useForm<{ name: string }>>[0], message: { error: (s: string) => unknown }) {
  const details = (e as { details?: Array<{ field: string; message: string }> }).details;
  const onName = details?.find((d) => d.field === 'name');
  if (onName) form.setFields([{ name: 'name', errors: [onName.message] }]);
  else message.error(errorText(e));
}

/** /creator/labels: the creator's labels — create, rename, delete (issue 31 §3; modules/labels README). */
export default function LabelsManager() {
  const { message, modal } = App.useApp();
  const mine = useRoute(routes.labels.mine);
  const [form] = Form.useForm<{ name: string }>();
  const [renameForm] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<Label | null>(null);
  const labels = mine.data ?? [];

  const create = async ({ name }: { name: string }) => {
    setBusy(true);
    try {
      await call(routes.labels.create, { body: { name } });
      form.resetFields();
      message.success('Label created');
      await mine.mutate();
    } catch (e) {
      showError(e, form, message);
    } finally {
      setBusy(false);
    }
  };

  const rename = async ({ name }: { name: string }) => {
    if (!renaming) return;
    try {
      await call(routes.labels.rename, { params: { id: renaming._id }, body: { name } });
      message.success('Label renamed');
      setRenaming(null);
      await mine.mutate();
    } catch (e) {
      showError(e, renameForm, message);
    }
  };

  const remove = (l: Label) =>
    modal.confirm({
      title: `Delete the label “${l.name}”?`,
      content: 'It comes off every post, video and gallery that carries it. The items stay.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(routes.labels.remove, { params: { id: l._id } });
          message.success('Label deleted');
          await mine.mutate();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });

  return (
    <div className={`container page ${width.w760}`}>
      <h1 className="page-title">Labels</h1>
      <p className="page-lead">
        Group your posts, videos and galleries with your own labels. Fans filter your profile by them. Up to {LABELS_MAX} labels of {LABEL_NAME_MAX} characters.
      </p>
      <Card>
        <Form form={form} layout="inline" onFinish={(v) => void create(v)} className={css.form} requiredMark={false}>
          <Form.Item name="name" rules={zodRules(labelNameSchema, { label: 'Name', requiredMessage: 'Give the label a name' })} className={css.nameInput}>
            <Input aria-label="New label name" placeholder="e.g. Behind the scenes" maxLength={LABEL_NAME_MAX} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={busy} disabled={labels.length >= LABELS_MAX}>
            Add label
          </Button>
        </Form>
        {mine.isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : mine.error ? (
          <ErrorState title="Your labels didn't load" message={errorText(mine.error)} onRetry={() => void mine.mutate()} />
        ) : labels.length === 0 ? (
          <EmptyState title="No labels yet" description="Add one above, then choose it when you write a post or edit a video or gallery." />
        ) : (
          <List
            aria-label="Your labels"
            dataSource={labels}
            renderItem={(l) => (
              <List.Item>
                <div className={css.row}>
                  <div>
                    <Typography.Text strong>
                      <TagsOutlined aria-hidden="true" /> {l.name}
                    </Typography.Text>
                    <div className={`muted ${css.counts}`}>{countsText(l.counts)}</div>
                  </div>
                  <div>
                    <Button
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={`Rename label ${l.name}`}
                      onClick={() => {
                        renameForm.setFieldsValue({ name: l.name });
                        setRenaming(l);
                      }}
                    />
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete label ${l.name}`} onClick={() => remove(l)} />
                  </div>
                </div>
              </List.Item>
            )}
          />
        )}
      </Card>
      <Modal title="Rename label" open={Boolean(renaming)} okText="Save" onOk={() => renameForm.submit()} onCancel={() => setRenaming(null)} destroyOnHidden>
        <Form form={renameForm} layout="vertical" onFinish={(v) => void rename(v)} requiredMark={false}>
          <Form.Item name="name" label="Name" rules={zodRules(labelNameSchema, { label: 'Name', requiredMessage: 'Give the label a name' })}>
            <Input maxLength={LABEL_NAME_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
