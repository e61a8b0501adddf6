'use client';
import { useEffect, useState } from 'react';
import { Alert, App, Col, Form, Input, Modal, Row, Select, Switch } from 'antd';
import { addressInputSchema, addressLabels, type AddressInput } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { showFieldErrors, zodRules } from '@/lib/form-rules';
import { useRoute } from '@/lib/swr';
import { useCountryOptions } from '@/components/form/useCountries';
import { toInput, type AddressDialogState } from './address-input';
import css from './addresses.module.css';

interface Values {
  name: string;
  recipientName: string;
  phone?: string;
  country?: string;
  state?: string;
  city?: string;
  streetAddress: string;
  zipCode: string;
  description?: string;
  isDefault: boolean;
}

const S = addressInputSchema.shape;
const HALF = { xs: 24, sm: 12 };
const NO_REVALIDATE = { revalidateOnFocus: false };
const search = { optionFilterProp: 'label' } as const;

/**
 * Add or edit a delivery address (POST /addresses/create, PUT /addresses/{id}). Country, state and
 * city come from the reference data: no state field for a country without states, a city list where
 * the state has one, else a text field. Field refusals (400 `details`) show under their fields.
 */
export default function AddressFormModal({ dialog, first, onClose, onSaved }: { dialog: AddressDialogState | null; first: boolean; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editing = dialog?.address ?? null;

  const country = Form.useWatch('country', form);
  const state = Form.useWatch('state', form);
  const countries = useCountryOptions();
  const states = useRoute(routes.reference.states, country ? { params: { country } } : null, NO_REVALIDATE);
  const stateList = country ? (states.data ?? []) : [];
  const hasStates = stateList.length > 0;
  // "Province" in Canada, "State" in the United States, "Postcode" in the United Kingdom…
  const labels = addressLabels(country);
  const cities = useRoute(routes.reference.cities, country && state && hasStates ? { params: { country, state } } : null, NO_REVALIDATE);
  const cityList = hasStates && state ? (cities.data ?? []) : [];
  const hasCities = cityList.length > 0;

  useEffect(() => {
    if (!dialog) return;
    setError(null);
    form.resetFields();
    if (dialog.address) form.setFieldsValue({ ...toInput(dialog.address), phone: dialog.address.phone ?? '' });
    else form.setFieldsValue({ isDefault: first });
  }, [dialog, first, form]);

  const submit = async (v: Values) => {
    setBusy(true);
    setError(null);
    const body: AddressInput = {
      name: v.name,
      recipientName: v.recipientName,
      ...(v.phone?.trim() ? { phone: v.phone.trim() } : {}),
      country: v.country ?? '',
      state: hasStates ? (v.state ?? '') : '',
      city: v.city ?? '',
      streetAddress: v.streetAddress,
      zipCode: v.zipCode,
      description: v.description ?? '',
      isDefault: Boolean(v.isDefault),
    };
    try {
      if (editing) await call(routes.addresses.update, { params: { id: editing._id }, body });
      else await call(routes.addresses.create, { body });
      message.success('Address saved');
      onSaved();
    } catch (e) {
      if (Object.keys(fieldErrors(e)).length) showFieldErrors(form, e);
      else setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={Boolean(dialog)}
      title={editing ? 'Edit address' : 'Add address'}
      okText="Save address"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={640}
    >
      {error && <Alert type="error" showIcon title={error} role="alert" className={css.alert} />}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        name="address"
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed: Partial<Values>) => {
          if ('country' in changed) form.setFieldsValue({ state: undefined, city: undefined });
          else if ('state' in changed) form.setFieldsValue({ city: undefined });
        }}
      >
        <Row gutter={16}>
          <Col {...HALF}>
            <Form.Item name="name" label="Label" rules={zodRules(S.name, { requiredMessage: 'Name this address, e.g. Home' })}>
              <Input maxLength={60} placeholder="Home, Studio…" />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="recipientName" label="Recipient name" rules={zodRules(S.recipientName, { label: 'Recipient name' })}>
              <Input maxLength={100} autoComplete="name" />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="country" label="Country" rules={zodRules(S.country, { requiredMessage: 'Choose a country' })}>
              <Select showSearch={search} options={countries.options} loading={countries.isLoading} placeholder="Choose a country" aria-label="Country" />
            </Form.Item>
          </Col>
          {country && (states.isLoading || hasStates) && (
            <Col {...HALF}>
              <Form.Item name="state" label={labels.subdivision} rules={zodRules(S.state, { required: true, requiredMessage: `Choose a ${labels.subdivision.toLowerCase()}` })}>
                <Select
                  showSearch={search}
                  options={stateList.map((s) => ({ value: s.code, label: s.name }))}
                  loading={states.isLoading}
                  disabled={states.isLoading}
                  placeholder={`Choose a ${labels.subdivision.toLowerCase()}`}
                  aria-label={labels.subdivision}
                />
              </Form.Item>
            </Col>
          )}
          <Col {...HALF}>
            {hasCities ? (
              <Form.Item name="city" label="City" rules={zodRules(S.city, { requiredMessage: 'Choose a city' })}>
                <Select showSearch={search} options={cityList.map((c) => ({ value: c.name, label: c.name }))} placeholder="Choose a city" aria-label="City" />
              </Form.Item>
            ) : (
              <Form.Item name="city" label="City" rules={zodRules(S.city, { label: 'City' })}>
                <Input maxLength={100} autoComplete="address-level2" disabled={Boolean(state) && cities.isLoading} />
              </Form.Item>
            )}
          </Col>
          <Col {...HALF}>
            <Form.Item name="zipCode" label={labels.postalCode} rules={zodRules(S.zipCode, { label: labels.postalCode })}>
              <Input maxLength={20} autoComplete="postal-code" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="streetAddress" label="Street address" rules={zodRules(S.streetAddress, { label: 'Street address' })}>
              <Input maxLength={200} autoComplete="street-address" />
            </Form.Item>
          </Col>
          <Col {...HALF}>
            <Form.Item name="phone" label="Phone" rules={zodRules(S.phone)}>
              <Input maxLength={30} type="tel" autoComplete="tel" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label="Delivery notes" rules={zodRules(S.description, { required: false })}>
              <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder="Gate code, where to leave parcels…" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="isDefault" label="Default address" valuePropName="checked">
              <Switch aria-label="Default address" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
