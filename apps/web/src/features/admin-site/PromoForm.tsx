'use client';
/**
 * The promo dialog of /admin/promos: picture (upload, kind promo), title (its alt text), link,
 * position, order and the start/end window (end after start, as the API checks) → POST
 * /admin/site-promo or PUT /admin/site-promo/{id}.
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Radio, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { MESSAGES, PROMO_END_BEFORE_START, createPromoSchema, promoLinkSchema, type Promo, type PromoPosition } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, uploadTo } from '@/lib/api';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import css from './admin-site.module.css';

interface Values {
  title: string;
  link: string;
  position: PromoPosition;
  sortOrder: number;
  /** `datetime-local` values, in the operator's time zone. */
  startAt: string;
  endAt: string;
}
/** A `datetime-local` input's value for an instant (local time, minutes). */
const toLocalInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const fromLocalInput = (v: string) => new Date(v).toISOString();
const nextHour = () => {
  const d = new Date();
  d.setMinutes(0, 0, 0);
  return d;
};
export const POSITION_OPTIONS: Array<{ value: PromoPosition; label: string }> = [
  { value: 'top', label: 'Home, top banner' },
  { value: 'sidebar', label: 'Home, right column' },
];

export default function PromoForm({ promo, open, onClose, onSaved }: { promo: Promo | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [image, setImage] = useState<{ id: string; url: string | null } | null>(promo ? { id: promo.imageId, url: promo.imageUrl } : null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!image) {
      setFailure('Upload a picture for the promo');
      return;
    }
    setBusy(true);
    setFailure(null);
    const body = { title: v.title, imageId: image.id, link: v.link?.trim() ?? '', position: v.position, sortOrder: v.sortOrder ?? 0, startAt: fromLocalInput(v.startAt), endAt: fromLocalInput(v.endAt) };
    try {
      if (promo) await call(routes.site.adminPromoUpdate, { params: { id: promo._id }, body });
      else await call(routes.site.adminPromoCreate, { body });
      message.success(promo ? MESSAGES.changesSaved : 'Promo created');
      onSaved();
    } catch (e) {
      showFieldErrors(form, e);
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setBusy(false);
    }
  };

  const initial: Partial<Values> = promo
    ? { title: promo.title, link: promo.link, position: promo.position, sortOrder: promo.sortOrder, startAt: toLocalInput(new Date(promo.startAt)), endAt: toLocalInput(new Date(promo.endAt)) }
    : { title: '', link: '', position: 'top', sortOrder: 0, startAt: toLocalInput(nextHour()), endAt: toLocalInput(new Date(nextHour().getTime() + 7 * 86_400_000)) };

  return (
    <Modal open={open} title={promo ? 'Edit promo' : 'New promo'} onCancel={onClose} onOk={submit} okText={promo ? 'Save promo' : 'Create promo'} confirmLoading={busy} destroyOnHidden width={640}>
      <Form form={form} layout="vertical" name="promo" requiredMark={false} initialValues={initial} disabled={busy}>
        <Form.Item label="Picture" htmlFor="promo-picture" extra="A wide picture (3:1 is best), at most 1920 pixels wide once stored.">
          <div className={css.imageField}>
            {/* eslint-disable-next-line @next/next/no-img-element -- a public file of the API, already fitted by it */}
            {image?.url ? <img src={image.url} alt="The promo as uploaded" className={css.thumb} /> : <div className={css.noImage}>No picture</div>}
            <Upload
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              showUploadList={false}
              customRequest={async ({ file }) => {
                setProgress(0);
                try {
                  const img = await uploadTo(routes.site.adminImageUpload, undefined, file as File, { field: 'file', fields: { kind: 'promo' }, onProgress: setProgress });
                  setImage({ id: img._id, url: img.url });
                  setFailure(null);
                } catch (e) {
                  message.error(errorText(e));
                } finally {
                  setProgress(null);
                }
              }}
            >
              <Button id="promo-picture" icon={<UploadOutlined />} loading={progress !== null} aria-label="Upload promo picture">
                {progress !== null ? `Uploading ${progress}%` : image ? 'Replace picture' : 'Upload picture'}
              </Button>
            </Upload>
          </div>
        </Form.Item>
        <Form.Item name="title" label="Title" extra="Also the picture's text for screen readers." rules={zodRules(createPromoSchema.shape.title, { requiredMessage: 'Give the promo a title' })}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="link" label="Link" extra="Where a click goes: https://… or a path on this site such as /search. Empty: no link." rules={zodRules(promoLinkSchema, { required: false })}>
          <Input placeholder="/search or https://…" />
        </Form.Item>
        <Form.Item name="position" label="Position">
          <Radio.Group aria-label="Position" options={POSITION_OPTIONS} />
        </Form.Item>
        <div className={css.twoCols}>
          <Form.Item name="startAt" label="Starts" htmlFor="promo-start" rules={[{ required: true, message: 'When does it start?' }]}>
            <Input id="promo-start" type="datetime-local" />
          </Form.Item>
          <Form.Item
            name="endAt"
            label="Ends"
            htmlFor="promo-end"
            dependencies={['startAt']}
            rules={[
              { required: true, message: 'When does it end?' },
              ({ getFieldValue }) => ({
                validator: async (_r, end?: string) => {
                  const start = getFieldValue('startAt') as string | undefined;
                  if (end && start && new Date(end).getTime() <= new Date(start).getTime()) throw new Error(PROMO_END_BEFORE_START);
                },
              }),
            ]}
          >
            <Input id="promo-end" type="datetime-local" />
          </Form.Item>
        </div>
        <Form.Item name="sortOrder" label="Order" htmlFor="promo-order" extra="Smaller first when several run at once.">
          <InputNumber id="promo-order" min={0} max={10000} precision={0} className={css.number} />
        </Form.Item>
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      </Form>
    </Modal>
  );
}
