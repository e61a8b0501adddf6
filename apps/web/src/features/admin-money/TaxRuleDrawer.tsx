'use client';
/**
 * Create or edit a sales tax rule (POST /admin/tax-rules, PUT /admin/tax-rules/{id}; audited):
 * the place (a country, or a US state / Canadian province — fixed once created), the label, the
 * rate in percent (sent as basis points: 19% → 1900), included in prices or added on top, and the
 * kinds of sale it applies to. Validated with the shared schema; the API's field errors (400, a
 * second rule for a place 409) show under their fields.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Checkbox, Drawer, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { SALE_TAX_KINDS, SALE_TAX_KIND_LABELS, TAX_REGIONS, isRegionSplitCountry, taxRuleInputSchema, type SaleTaxKind, type TaxRule } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { useCountryOptions } from '@/components/form/useCountries';
import css from './admin-money.module.css';

interface Values {
  country?: string;
  region?: string | null;
  label: string;
  percent?: number;
  inclusive: boolean;
  kinds: SaleTaxKind[];
  active: boolean;
}

/** The API names the rate `rateBps`; the form shows it as `percent`. */
const formField = (f: string) => (f === 'rateBps' ? 'percent' : f.split('.')[0]!);

export default function TaxRuleDrawer({ open, rule, onClose, onSaved }: { open: boolean; rule: TaxRule | null; onClose: () => void; onSaved: (r: TaxRule) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const countries = useCountryOptions();
  const country = Form.useWatch('country', form);

  useEffect(() => {
    if (!open) return;
    setFailure(null);
    form.resetFields();
    form.setFieldsValue(
      rule
        ? { country: rule.country, region: rule.region, label: rule.label, percent: rule.rateBps / 100, inclusive: rule.inclusive, kinds: rule.kinds, active: rule.active }
        : { country: undefined, region: null, label: '', percent: undefined, inclusive: false, kinds: [...SALE_TAX_KINDS], active: true },
    );
  }, [open, rule, form]);

  const save = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body = { country: v.country ?? '', region: v.region || null, label: v.label.trim(), rateBps: Math.round((v.percent ?? 0) * 100), inclusive: v.inclusive, kinds: v.kinds, active: v.active };
    const parsed = taxRuleInputSchema.safeParse(body);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: formField(String(i.path[0])) as keyof Values, errors: [i.message] })));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const { country: _c, region: _r, ...patch } = parsed.data;
      const saved = rule ? await call(routes.salesTax.adminUpdateRule, { params: { id: rule._id }, body: patch }) : await call(routes.salesTax.adminCreateRule, { body: parsed.data });
      message.success(rule ? 'Tax rule saved' : 'Tax rule created');
      onSaved(saved);
    } catch (e) {
      const fe = Object.entries(fieldErrors(e));
      if (fe.length) form.setFields(fe.map(([f, msg]) => ({ name: formField(f) as keyof Values, errors: [msg] })));
      else setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const regions = country && isRegionSplitCountry(country) ? TAX_REGIONS[country] : null;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={rule ? `Edit ${rule.label} — ${rule.country}${rule.region ? `-${rule.region}` : ''}` : 'New tax rule'}
      size="min(480px, 100vw)"
      closable={{ 'aria-label': 'Close' }}
      destroyOnHidden
      footer={
        <Space>
          <Button type="primary" onClick={save} loading={busy}>
            {rule ? 'Save' : 'Create rule'}
          </Button>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        </Space>
      }
    >
      {failure && <Alert type="error" showIcon title={failure} className={css.alert} />}
      <Form form={form} layout="vertical" name="tax-rule" requiredMark={false} onFinish={save}>
        <div className={css.formRow}>
          <Form.Item name="country" label="Country" htmlFor="tax-rule-country" rules={[{ required: true, message: 'Choose a country' }]}>
            <Select
              id="tax-rule-country"
              disabled={Boolean(rule)}
              showSearch={{ optionFilterProp: 'label' }}
              options={countries.options}
              loading={countries.isLoading}
              placeholder="Country"
              onChange={() => form.setFieldValue('region', null)}
            />
          </Form.Item>
          <Form.Item name="region" label={country === 'CA' ? 'Province' : 'State'} htmlFor="tax-rule-region" extra={regions ? 'Empty: the whole country.' : 'US and Canada only.'}>
            <Select id="tax-rule-region" disabled={Boolean(rule) || !regions} allowClear showSearch options={(regions ?? []).map((r) => ({ value: r, label: r }))} placeholder="Whole country" />
          </Form.Item>
        </div>
        <div className={css.formRow}>
          <Form.Item name="label" label="Label" htmlFor="tax-rule-label" rules={[{ required: true, message: 'Give the tax a name (VAT, GST, Sales tax)' }]} extra="What fans see: “+ $1.89 VAT”.">
            <Input id="tax-rule-label" maxLength={40} placeholder="VAT" />
          </Form.Item>
          <Form.Item name="percent" label="Rate (%)" htmlFor="tax-rule-rate" rules={[{ required: true, message: 'Enter the rate' }]}>
            <InputNumber id="tax-rule-rate" min={0} max={100} step={0.25} precision={2} className={css.full} />
          </Form.Item>
        </div>
        <Form.Item name="inclusive" label="Prices">
          <Radio.Group
            options={[
              { value: false, label: 'Tax added on top of the price' },
              { value: true, label: 'Prices include the tax' },
            ]}
          />
        </Form.Item>
        <Form.Item name="kinds" label="Applies to" rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one kind of sale' }]}>
          <Checkbox.Group className={css.checkList} options={SALE_TAX_KINDS.map((k) => ({ value: k, label: SALE_TAX_KIND_LABELS[k] }))} />
        </Form.Item>
        <Form.Item name="active" label="Active" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
