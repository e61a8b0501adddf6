'use client';
/**
 * /admin/settings: every site setting (GET /admin/settings), one tab per group (settings-groups.ts),
 * each tab its own form validated with the API's schemas (packages/shared SETTINGS) and saved key
 * by key (PUT /admin/settings/{key}; each write audited by the API). Secrets are write-only: the
 * API says only whether one is set. After a save the site's header, logo and menus update here at
 * once (ui slice) and the server-rendered parts on the next render (router.refresh).
 */
import { useMemo, useState } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { Alert, App, Button, Card, Form, Input, InputNumber, Radio, Select, Skeleton, Switch, Tabs } from 'antd';
import { MIN_MAX_PAIRS, SALE_TAX_KINDS, SALE_TAX_KIND_LABELS, SETTINGS, MESSAGES } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { zodRules } from '@/lib/form-rules';
import { ErrorState } from '@/components/states';
import { useAppDispatch } from '@/store';
import { updateUiValue } from '@/store/ui';
import { CountryPicker, ImageUrlInput, MenusEditor, SecretInput, type SecretValue } from './SettingInputs';
import { SETTINGS_GROUPS, otherFields, type SettingFieldDef, type SettingsGroup } from './settings-groups';
import { saveSettings } from './save-settings';
import css from './admin-site.module.css';

type AdminValues = Record<string, { value: unknown; public: boolean; secret: boolean; description: string }>;

/** One field of a settings form, by its kind. */
function SettingField({ f, isSet }: { f: SettingFieldDef; isSet: boolean }) {
  const schema = SETTINGS[f.key].schema;
  const id = `setting-${f.key}`;
  // An empty text is a value for most text settings (no logo, no analytics id): required only where the schema refuses ''.
  const rules = zodRules(schema, { required: !schema.safeParse('').success });
  switch (f.kind) {
    case 'switch':
      return (
        <Form.Item name={f.key} label={f.label} htmlFor={id} valuePropName="checked" extra={f.extra}>
          <Switch id={id} />
        </Form.Item>
      );
    case 'money':
    case 'integer':
    case 'percent':
      return (
        <Form.Item name={f.key} label={f.label} htmlFor={id} extra={f.extra} rules={rules}>
          <InputNumber id={id} className={css.number} min={0} step={f.kind === 'money' ? 0.01 : 1} precision={f.kind === 'integer' ? 0 : undefined} prefix={f.kind === 'money' ? '$' : undefined} />
        </Form.Item>
      );
    case 'gateway':
      return (
        <Form.Item name={f.key} label={f.label} extra="Stripe needs its keys below; the sandbox is for tests and demos (never in production).">
          <Radio.Group aria-label={f.label} options={[{ value: 'stripe', label: 'Stripe' }, { value: 'sandbox', label: 'Sandbox (test cards)' }]} />
        </Form.Item>
      );
    case 'taxEngine':
      return (
        <Form.Item name={f.key} label={f.label} extra="Stripe Tax works out the tax of every sale at Stripe (only with the Stripe gateway and its secret key); the rules are those of Money → Sales tax.">
          <Radio.Group aria-label={f.label} options={[{ value: 'rules', label: 'My tax rules' }, { value: 'stripe_tax', label: 'Stripe Tax' }]} />
        </Form.Item>
      );
    case 'saleKinds':
      return (
        <Form.Item name={f.key} label={f.label} htmlFor={id} extra={f.extra}>
          <Select id={id} aria-label={f.label} mode="multiple" allowClear placeholder="No sale taxed" options={SALE_TAX_KINDS.map((k) => ({ value: k, label: SALE_TAX_KIND_LABELS[k] }))} className={css.full} />
        </Form.Item>
      );
    case 'secret':
      return (
        <Form.Item name={f.key} label={f.label} htmlFor={id} extra={f.extra ?? 'Write-only: the value is never shown again.'}>
          <SecretInput id={id} label={f.label} isSet={isSet} />
        </Form.Item>
      );
    case 'image':
      return (
        <Form.Item name={f.key} label={f.label} htmlFor={id} extra={f.extra} rules={rules}>
          <ImageUrlInput id={id} label={f.label} kind={f.imageKind ?? 'logo'} dark={f.key === 'darkmodeLogoUrl'} />
        </Form.Item>
      );
    case 'countries':
    case 'places':
      return (
        <Form.Item name={f.key} label={f.label} htmlFor={id} extra={f.extra}>
          <CountryPicker id={id} label={f.label} places={f.kind === 'places'} />
        </Form.Item>
      );
    case 'menus':
      return <MenusEditor />;
    default:
      return (
        <Form.Item name={f.key} label={f.label} htmlFor={id} extra={f.extra} rules={rules}>
          <Input id={id} type={f.kind === 'email' ? 'email' : 'text'} />
        </Form.Item>
      );
  }
}

/** A setting's label on this screen (its key when it has none). */
const SETTINGS_LABEL = (key: string) => SETTINGS_GROUPS.flatMap((g) => g.fields).find((f) => f.key === key)?.label ?? key;

/** The form values of a group, from the API's answer (secrets start empty). */
function initialOf(group: SettingsGroup, values: AdminValues): Record<string, unknown> {
  return Object.fromEntries(group.fields.map((f) => [f.key, f.kind === 'secret' ? { replace: '', clear: false } : values[f.key]?.value]));
}

/** What to send for a field, or undefined when it did not change. */
function changeOf(f: SettingFieldDef, now: unknown, before: unknown): { value: unknown } | undefined {
  if (f.kind === 'secret') {
    const s = now as SecretValue | undefined;
    if (s?.clear) return { value: '' };
    return s?.replace?.trim() ? { value: s.replace.trim() } : undefined;
  }
  // A field the form never set (undefined) is not a change: sending it would send no value at all.
  if (now === undefined) return undefined;
  return JSON.stringify(now ?? null) === JSON.stringify(before ?? null) ? undefined : { value: now };
}

function GroupForm({ group, values, onSaved }: { group: SettingsGroup; values: AdminValues; onSaved: () => void }) {
  const { message } = App.useApp();
  const router = useRouter();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm();
  const initial = useMemo(() => initialOf(group, values), [group, values]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (v: Record<string, unknown>) => {
    const changes = group.fields.flatMap((f) => {
      const c = changeOf(f, v[f.key], initial[f.key]);
      return c ? [{ key: f.key, value: c.value }] : [];
    });
    if (!changes.length) {
      message.info('Nothing changed');
      return;
    }
    // The API's cross-key rule (each minimum ≤ its maximum), checked on the values as they would be.
    const next: Record<string, unknown> = { ...Object.fromEntries(Object.entries(values).map(([k, x]) => [k, x.value])), ...Object.fromEntries(changes.map((c) => [c.key, c.value])) };
    const crossed = MIN_MAX_PAIRS.filter(([min, max]) => (next[min] as number) > (next[max] as number));
    if (crossed.length) {
      form.setFields(crossed.flatMap(([min, max]) => [min, max].filter((k) => group.fields.some((f) => f.key === k)).map((k) => ({ name: k as never, errors: [`${SETTINGS_LABEL(min)} must not be greater than ${SETTINGS_LABEL(max).toLowerCase()}`] }))));
      setFailure('A minimum is above its maximum — see the fields marked in red.');
      return;
    }
    setBusy(true);
    setFailure(null);
    const { saved, errors } = await saveSettings(changes, (key, value) => call(routes.settings.adminUpdate, { params: { key }, body: { value } }));
    setBusy(false);
    if (errors.length) {
      form.setFields(errors.map((e) => ({ name: e.name as never, errors: [e.message] })));
      setFailure(errors.length === 1 ? errors[0]!.message : `${errors.length} settings were not saved — see the fields marked in red.`);
    }
    if (saved.length) {
      const ui: Record<string, unknown> = {};
      for (const s of saved) {
        if (s.key === 'siteName') ui.siteName = s.value;
        if (s.key === 'logoUrl') ui.logo = s.value || '/logo.svg';
        if (s.key === 'darkmodeLogoUrl') ui.darkmodeLogo = s.value || '/logo-dark.svg';
        if (s.key === 'favicon') ui.favicon = s.value || '/favicon.ico';
        if (s.key === 'menus') ui.menus = s.value;
      }
      if (Object.keys(ui).length) dispatch(updateUiValue(ui));
      // What was saved is the new starting point; a saved secret field empties again.
      form.setFieldsValue(Object.fromEntries(saved.map((c) => [c.key, group.fields.find((f) => f.key === c.key)?.kind === 'secret' ? { replace: '', clear: false } : c.value])));
      if (!errors.length) message.success(MESSAGES.changesSaved);
      onSaved();
      router.refresh();
    }
  };

  return (
    <Card>
      <p className={css.lead}>{group.lead}</p>
      <Form form={form} layout="vertical" name={`settings-${group.id}`} initialValues={initial} onFinish={submit} requiredMark={false} disabled={busy} className={css.settingsForm}>
        {group.fields.map((f) => (
          <SettingField key={f.key} f={f} isSet={Boolean(values[f.key]?.value)} />
        ))}
        {failure && <Alert type="error" showIcon role="alert" title={failure} className={css.alert} />}
        <div className={css.formActions}>
          <Button type="primary" htmlType="submit" loading={busy}>
            Save {group.title.toLowerCase()}
          </Button>
          <Button
            htmlType="button"
            onClick={() => {
              form.resetFields();
              form.setFieldsValue(initial);
              setFailure(null);
            }}
            disabled={busy}
          >
            Undo changes
          </Button>
        </div>
      </Form>
    </Card>
  );
}

export default function AdminSettings() {
  const { data, error, isLoading, mutate } = useRoute(routes.settings.adminList, {}, { revalidateOnFocus: false });
  const router = useRouter();
  const params = useSearchParams();
  const groups = useMemo(() => {
    if (!data) return SETTINGS_GROUPS;
    const other = otherFields(data);
    return other.length ? [...SETTINGS_GROUPS, { id: 'other', title: 'Other', lead: 'More settings.', fields: other }] : SETTINGS_GROUPS;
  }, [data]);
  const tab = groups.some((g) => g.id === params.get('tab')) ? params.get('tab')! : 'general';

  return (
    <div className="container page">
      <h1 className="page-title">Site settings</h1>
      <p className="page-lead">Every change is checked like the API checks it, takes effect on the site at once, and is written to the audit log.</p>
      {error && !data ? (
        <ErrorState title="Settings didn't load" message={errorText(error)} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(k) => router.replace(`?tab=${k}`, { scroll: false })}
          items={groups.map((g) => ({ key: g.id, label: g.title, children: <GroupForm key={g.id} group={g} values={data} onSaved={() => void mutate()} /> }))}
        />
      )}
    </div>
  );
}
