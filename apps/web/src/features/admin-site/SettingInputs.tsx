'use client';
/**
 * The settings screen's special inputs (antd Form controls: `value` / `onChange`): a write-only
 * secret, a picture (upload or address), the country picker and the menu editor.
 */
import { useState } from 'react';
import { App, Button, Form, Input, Select, Space, Switch, Tag, Upload } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { SETTINGS, type SiteImageKind } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText, uploadTo } from '@/lib/api';
import { zodRules } from '@/lib/form-rules';
import { useCountryOptions } from '@/components/form/useCountries';
import css from './admin-site.module.css';

/** What a secret field holds: a replacement typed in, or a request to clear the stored one. */
export interface SecretValue {
  replace: string;
  clear: boolean;
}

/**
 * A secret is never shown (the API answers only whether one is set): a "Set" / "Not set" tag, a
 * field to type a replacement, and "Clear" to remove it. Empty replacement = keep as is.
 */
export function SecretInput({ id, label, isSet, value, onChange }: { id?: string; label: string; isSet: boolean; value?: SecretValue; onChange?: (v: SecretValue) => void }) {
  const v = value ?? { replace: '', clear: false };
  const state = v.clear ? <Tag color="warning">Will be cleared</Tag> : isSet ? <Tag color="success">Set</Tag> : <Tag>Not set</Tag>;
  return (
    <div className={css.secret}>
      {state}
      <Space.Compact className={css.full}>
      <Input.Password
        id={id}
        aria-label={label}
        placeholder={isSet ? 'Type a new value to replace it' : 'Not set'}
        autoComplete="new-password"
        value={v.replace}
        onChange={(e) => onChange?.({ replace: e.target.value, clear: false })}
      />
      {isSet && !v.clear && (
        <Button onClick={() => onChange?.({ replace: '', clear: true })} aria-label={`Clear ${label}`}>
          Clear
        </Button>
      )}
      {v.clear && (
        <Button onClick={() => onChange?.({ replace: '', clear: false })} aria-label={`Keep ${label}`}>
          Keep
        </Button>
      )}
      </Space.Compact>
    </div>
  );
}

/** A site picture: its address (editable), a preview, and an upload that fills the address in. */
export function ImageUrlInput({ id, label, kind, dark, value, onChange }: { id?: string; label: string; kind: SiteImageKind; /** Preview on a dark background (the dark-theme logo). */ dark?: boolean; value?: string; onChange?: (v: string) => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<number | null>(null);
  return (
    <div className={css.imageField}>
      {/* eslint-disable-next-line @next/next/no-img-element -- any address the operator sets, shown as it is */}
      {value ? <img src={value} alt={`${label} preview`} className={kind === 'favicon' ? css.faviconPreview : dark ? `${css.logoPreview} ${css.logoPreviewDark}` : css.logoPreview} /> : <div className={css.noImage}>No picture</div>}
      <div className={css.imageControls}>
        <Input id={id} aria-label={`${label} address`} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} placeholder="https://… or /path" />
        <Upload
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          showUploadList={false}
          customRequest={async ({ file }) => {
            setBusy(0);
            try {
              const img = await uploadTo(routes.site.adminImageUpload, undefined, file as File, { field: 'file', fields: { kind }, onProgress: setBusy });
              onChange?.(img.url);
              message.success('Picture uploaded — save to use it');
            } catch (e) {
              message.error(errorText(e));
            } finally {
              setBusy(null);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy !== null} aria-label={`Upload ${label}`}>
            {busy !== null ? `Uploading ${busy}%` : 'Upload'}
          </Button>
        </Upload>
      </div>
    </div>
  );
}

/**
 * Blocked countries: many ISO codes, picked by name (reference data GET /countries/list).
 * `places`: region codes (US-UT) may be typed in too (age verification places).
 */
export function CountryPicker({ id, label, value, onChange, places = false }: { id?: string; label: string; value?: string[]; onChange?: (v: string[]) => void; places?: boolean }) {
  const { options, isLoading } = useCountryOptions();
  return (
    <Select
      id={id}
      aria-label={label}
      mode={places ? 'tags' : 'multiple'}
      allowClear
      loading={isLoading}
      placeholder={places ? 'No place listed' : 'No country blocked'}
      value={value ?? []}
      onChange={places ? (v: string[]) => onChange?.(v.map((c) => c.trim().toUpperCase())) : onChange}
      options={options.map((o) => ({ value: o.value, label: `${o.label} (${o.value})` }))}
      showSearch={{ optionFilterProp: 'label' }}
      className={css.full}
    />
  );
}

const menuItem = SETTINGS.menus.schema.element.shape;
const SECTIONS = [
  { value: 'header', label: 'Header' },
  { value: 'footer', label: 'Footer' },
];

/** The header and footer links: title, address, where, new tab; reorder, add, remove. */
export function MenusEditor() {
  return (
    <Form.List name="menus">
      {(fields, { add, remove, move }) => (
        <div className={css.menus}>
          {fields.length === 0 && <p className="muted">No menu links yet.</p>}
          {fields.map((f, i) => (
            <div key={f.key} className={css.menuRow} role="group" aria-label={`Menu link ${i + 1}`}>
              <Form.Item name={[f.name, 'title']} label="Title" rules={zodRules(menuItem.title)} className={css.menuTitle}>
                <Input aria-label={`Menu link ${i + 1} title`} maxLength={60} />
              </Form.Item>
              <Form.Item name={[f.name, 'path']} label="Address" rules={zodRules(menuItem.path)} className={css.menuPath}>
                <Input aria-label={`Menu link ${i + 1} address`} placeholder="/page/terms or https://…" />
              </Form.Item>
              <Form.Item name={[f.name, 'section']} label="Where" className={css.menuSection}>
                <Select aria-label={`Menu link ${i + 1} where`} options={SECTIONS} />
              </Form.Item>
              <Form.Item name={[f.name, 'isNewTab']} label="New tab" valuePropName="checked">
                <Switch aria-label={`Menu link ${i + 1} opens in a new tab`} />
              </Form.Item>
              <Space className={css.menuActions}>
                <Button icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move menu link ${i + 1} up`} />
                <Button icon={<ArrowDownOutlined />} disabled={i === fields.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move menu link ${i + 1} down`} />
                <Button danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={`Remove menu link ${i + 1}`} />
              </Space>
            </div>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ title: '', path: '/', section: 'footer', isNewTab: false })} disabled={fields.length >= 50}>
            Add link
          </Button>
        </div>
      )}
    </Form.List>
  );
}
