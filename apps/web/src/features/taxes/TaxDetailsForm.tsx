'use client';
/**
 * The tax form (PUT /performers/tax-details; shared `taxDetailsInputSchema`): the W-9 of a US
 * person or the W-8BEN of anyone else, individual or business. The fields follow the chosen form;
 * each validates with the API's own zod rules, and the API's cross-field checks (SSN or EIN, a US
 * address on a W-9, no US country on a W-8BEN…) come back as field errors under the fields. The
 * saved tax id comes back masked (`•••• 6789`): left as it is, it keeps the stored one.
 */
import { useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, Radio, Row, Select } from 'antd';
import {
  MESSAGES, TAX_MESSAGES, US_TIN_LABELS, W9_CLASSIFICATIONS, W9_CLASSIFICATION_LABELS, w8benInputSchema, w9InputSchema,
  type TaxDetailsInput, type TaxDetailsView, type TaxForm,
} from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { useRoute } from '@/lib/swr';
import { useCountryOptions } from '@/components/form/useCountries';
import { FieldCol, HALF } from '@/components/form/profile-fields';
import css from './taxes.module.css';

const W9 = w9InputSchema.shape;
const W8 = w8benInputSchema.shape;
const FULL = { span: 24 };

/** Every field of both forms, flat (the form shows those of the chosen one). */
interface Values {
  form?: TaxForm;
  entityType?: 'individual' | 'business';
  legalName?: string;
  businessName?: string;
  classification?: (typeof W9_CLASSIFICATIONS)[number];
  tinType?: 'ssn' | 'ein';
  tin?: string;
  citizenshipCountry?: string;
  foreignTaxId?: string;
  treatyCountry?: string;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  addressCountry?: string;
  certify?: boolean;
  signature?: string;
}

/** The API's answer as the form's starting values (a new form: the W-9 if the account's country is the US, else the W-8BEN). */
function initialValues(view: TaxDetailsView | null, country: string | null | undefined): Values {
  if (!view) return { form: country === 'US' ? 'w9' : country ? 'w8ben' : undefined, entityType: 'individual', certify: false };
  const { certifiedAt: _c, updatedAt: _u, ...rest } = view;
  return { ...rest, ...(rest.form === 'w8ben' && !rest.treatyCountry ? { treatyCountry: undefined } : {}), certify: false };
}

function bodyOf(v: Values): TaxDetailsInput {
  const common = {
    entityType: v.entityType!, legalName: v.legalName ?? '', addressLine1: v.addressLine1 ?? '', addressLine2: v.addressLine2 ?? '', city: v.city ?? '',
    region: v.region ?? '', postalCode: v.postalCode ?? '', certify: v.certify === true ? (true as const) : (false as unknown as true), signature: v.signature ?? '',
  };
  if (v.form === 'w9') {
    return { form: 'w9', ...common, businessName: v.businessName ?? '', classification: v.classification!, tinType: v.tinType!, tin: v.tin ?? '' };
  }
  return { form: 'w8ben', ...common, citizenshipCountry: v.citizenshipCountry ?? '', foreignTaxId: v.foreignTaxId ?? '', addressCountry: v.addressCountry ?? '', treatyCountry: v.treatyCountry ?? '' };
}

export default function TaxDetailsForm({ view, country, onSaved }: { view: TaxDetailsView | null; country?: string | null; onSaved: (v: TaxDetailsView) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const which = Form.useWatch('form', form);
  const entity = Form.useWatch('entityType', form);
  const tinType = Form.useWatch('tinType', form);
  const countries = useCountryOptions();
  const states = useRoute(routes.reference.states, which === 'w9' ? { params: { country: 'US' } } : null, { revalidateOnFocus: false });
  const stateOptions = (states.data ?? []).map((s) => ({ value: s.code, label: s.name }));
  const countryOptions = countries.options;
  const nonUs = countryOptions.filter((o) => o.value !== 'US');

  const submit = async (v: Values) => {
    setSaving(true);
    setFailure(null);
    try {
      const saved = await call(routes.taxes.put, { body: bodyOf(v) });
      message.success('Tax details saved');
      form.setFieldsValue({ ...initialValues(saved, country) });
      onSaved(saved);
    } catch (e) {
      showFieldErrors(form, e);
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  const business = entity === 'business';
  return (
    <Form<Values> form={form} layout="vertical" name="tax-details" initialValues={initialValues(view, country)} onFinish={submit} aria-labelledby="tax-form-title" scrollToFirstError>
      <Form.Item name="form" label="Tax form" rules={[{ required: true, message: 'Choose the form that applies to you' }]} className={css.group}>
        <Radio.Group
          aria-label="Tax form"
          options={[
            { value: 'w9', label: 'US citizen or resident (W-9)' },
            { value: 'w8ben', label: 'Not a US person (W-8BEN)' },
          ]}
        />
      </Form.Item>
      <Form.Item name="entityType" label="Individual or business" rules={[{ required: true, message: 'Choose individual or business' }]} className={css.group}>
        <Radio.Group aria-label="Individual or business" options={[{ value: 'individual', label: 'Individual' }, { value: 'business', label: 'Business' }]} />
      </Form.Item>

      {which && (
        <>
          <h3 className={css.legend}>{which === 'w9' ? 'Taxpayer' : 'Beneficial owner'}</h3>
          <Row gutter={16}>
            <FieldCol col={FULL} name="legalName" label={business ? 'Legal name of the business' : 'Legal name'} extra={business ? undefined : 'As on your tax return'} rules={zodRules(W9.legalName, { required: true, requiredMessage: 'Enter your legal name' })}>
              <Input autoComplete={business ? 'organization' : 'name'} />
            </FieldCol>
            {which === 'w9' ? (
              <>
                <FieldCol col={FULL} name="businessName" label="Business name or trade name (if different)" rules={zodRules(W9.businessName)}>
                  <Input autoComplete="off" />
                </FieldCol>
                <FieldCol col={FULL} name="classification" label="Federal tax classification" rules={[{ required: true, message: 'Choose the federal tax classification' }]}>
                  <Select
                    aria-label="Federal tax classification"
                    showSearch={{ optionFilterProp: 'label' }}
                    options={W9_CLASSIFICATIONS.map((c) => ({ value: c, label: W9_CLASSIFICATION_LABELS[c] }))}
                    placeholder="Choose one"
                  />
                </FieldCol>
                <FieldCol name="tinType" label="Taxpayer identification number type" rules={[{ required: true, message: 'Choose SSN or EIN' }]}>
                  <Radio.Group aria-label="Taxpayer identification number type" options={(['ssn', 'ein'] as const).map((t) => ({ value: t, label: t.toUpperCase(), title: US_TIN_LABELS[t] }))} />
                </FieldCol>
                <FieldCol
                  name="tin"
                  label="Taxpayer identification number"
                  extra={view?.form === 'w9' ? 'Saved numbers show masked: leave it as it is to keep it.' : undefined}
                  rules={zodRules(W9.tin, { required: true, requiredMessage: 'Enter your taxpayer identification number' })}
                >
                  <Input autoComplete="off" spellCheck={false} inputMode="numeric" placeholder={tinType === 'ein' ? '12-3456789' : '123-45-6789'} />
                </FieldCol>
              </>
            ) : (
              <>
                <FieldCol name="citizenshipCountry" label={business ? 'Country of incorporation' : 'Country of citizenship'} rules={zodRules(W8.citizenshipCountry, { required: true, requiredMessage: 'Choose a country' })}>
                  <Select aria-label={business ? 'Country of incorporation' : 'Country of citizenship'} showSearch={{ optionFilterProp: 'label' }} options={nonUs} loading={countries.isLoading} placeholder="Choose a country" />
                </FieldCol>
                <FieldCol
                  name="foreignTaxId"
                  label="Tax identification number in your country"
                  extra={view?.form === 'w8ben' ? 'Saved numbers show masked: leave it as it is to keep it.' : undefined}
                  rules={zodRules(W8.foreignTaxId, { required: true, requiredMessage: 'Enter the tax identification number of your country' })}
                >
                  <Input autoComplete="off" spellCheck={false} />
                </FieldCol>
                <FieldCol col={FULL} name="treatyCountry" label="Treaty country (optional)" extra="The country whose tax treaty with the US you claim benefits under, usually where you live.">
                  <Select aria-label="Treaty country (optional)" allowClear showSearch={{ optionFilterProp: 'label' }} options={nonUs} loading={countries.isLoading} placeholder="No treaty claimed" />
                </FieldCol>
              </>
            )}
          </Row>

          <h3 className={css.legend}>{which === 'w9' ? 'US address' : 'Permanent address (outside the US)'}</h3>
          <Row gutter={16}>
            <FieldCol col={FULL} name="addressLine1" label="Street address" rules={zodRules(W9.addressLine1, { required: true, requiredMessage: 'Enter the street address' })}>
              <Input autoComplete="address-line1" />
            </FieldCol>
            <FieldCol col={FULL} name="addressLine2" label="Apartment, suite (optional)" rules={zodRules(W9.addressLine2)}>
              <Input autoComplete="address-line2" />
            </FieldCol>
            <FieldCol name="city" label="City" rules={zodRules(W9.city, { required: true, requiredMessage: 'Enter the city' })}>
              <Input autoComplete="address-level2" />
            </FieldCol>
            {which === 'w9' ? (
              <>
                <FieldCol name="region" label="State" rules={[{ required: true, message: TAX_MESSAGES.state }]}>
                  <Select aria-label="State" showSearch={{ optionFilterProp: 'label' }} options={stateOptions} loading={states.isLoading} placeholder="Choose the state" />
                </FieldCol>
                <FieldCol name="postalCode" label="ZIP code" rules={[{ required: true, pattern: /^\d{5}(-\d{4})?$/, message: TAX_MESSAGES.zip }]}>
                  <Input autoComplete="postal-code" inputMode="numeric" />
                </FieldCol>
              </>
            ) : (
              <>
                <FieldCol name="region" label="Region or province (optional)" rules={zodRules(W8.region)}>
                  <Input autoComplete="address-level1" />
                </FieldCol>
                <FieldCol name="postalCode" label="Postal code" rules={zodRules(W8.postalCode)}>
                  <Input autoComplete="postal-code" />
                </FieldCol>
                <FieldCol name="addressCountry" label="Country of residence" rules={zodRules(W8.addressCountry, { required: true, requiredMessage: 'Choose a country' })}>
                  <Select aria-label="Country of residence" showSearch={{ optionFilterProp: 'label' }} options={nonUs} loading={countries.isLoading} placeholder="Choose a country" />
                </FieldCol>
              </>
            )}
          </Row>

          <div className={css.certify}>
            <p className={css.certifyText}>
              {which === 'w9'
                ? 'Under penalties of perjury, I certify that the number shown is my correct taxpayer identification number, that I am not subject to backup withholding, and that I am a US citizen or other US person.'
                : 'Under penalties of perjury, I certify that I am the beneficial owner of the income, that I am not a US person, and that the information on this form is true, correct and complete.'}
            </p>
            <Form.Item name="certify" valuePropName="checked" rules={[{ validator: async (_r, v) => { if (v !== true) throw new Error(TAX_MESSAGES.certify); } }]}>
              <Checkbox>I certify that the information above is true, correct and complete</Checkbox>
            </Form.Item>
            <Row gutter={16}>
              <FieldCol col={HALF} name="signature" label="Signature (type your full legal name)" rules={zodRules(W9.signature, { required: true, requiredMessage: TAX_MESSAGES.signature })}>
                <Input autoComplete="name" />
              </FieldCol>
            </Row>
          </div>
        </>
      )}

      {failure && <Alert type="error" showIcon role="alert" title={failure} className={css.saved} />}
      <Button type="primary" htmlType="submit" loading={saving}>
        Save tax details
      </Button>
    </Form>
  );
}
