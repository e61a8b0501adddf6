'use client';
import { useState } from 'react';
import { Alert, Button, Col, Form, Input, Row } from 'antd';
import { useTranslations } from 'next-intl';
import { addSandboxCardSchema, type Card } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { compact, showFieldErrors, zodRules } from '@/lib/form-rules';
import { useSpecText } from '@/i18n/spec';
import css from './pay.module.css';

interface Values {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  holderName?: string;
}
const S = addSandboxCardSchema.shape;

/** Card form of the sandbox gateway: POST /sandbox/cards (test numbers only). */
export default function SandboxCardForm({ onAdded, onCancel, submitText }: { onAdded: (c: Card) => void; onCancel?: () => void; submitText?: string }) {
  const t = useTranslations('pay');
  const specText = useSpecText();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFinish = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      // number and cvc are required by the form's rules; an empty holder name is left out.
      const card = await call(routes.payments.addSandboxCard, { body: { number: v.number, expMonth: Number(v.expMonth), expYear: Number(v.expYear), cvc: v.cvc, ...compact({ holderName: v.holderName }) } });
      form.resetFields();
      onAdded(card);
    } catch (e) {
      showFieldErrors(form, e);
      // A message that is already shown on a field is not repeated above the form.
      const fields = Object.values(fieldErrors(e));
      const text = errorText(e);
      setError(fields.includes(text) ? null : specText(text));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form<Values> form={form} layout="vertical" name="add-card" onFinish={(v) => void onFinish(v)} requiredMark={false}>
      {error && <Alert type="error" showIcon title={error} className={css.alert} />}
      <Form.Item name="number" label={t('cardNumber')} rules={zodRules(S.number, { requiredMessage: t('enterCardNumber') })}>
        <Input inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" maxLength={23} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={8}>
          <Form.Item name="expMonth" label={t('expiryMonth')} rules={zodRules(S.expMonth, { requiredMessage: t('enterMonth') })}>
            <Input inputMode="numeric" autoComplete="cc-exp-month" placeholder="MM" maxLength={2} />
          </Form.Item>
        </Col>
        <Col xs={8}>
          <Form.Item name="expYear" label={t('expiryYear')} rules={zodRules(S.expYear, { requiredMessage: t('enterYear') })}>
            <Input inputMode="numeric" autoComplete="cc-exp-year" placeholder={t('yearPlaceholder')} maxLength={4} />
          </Form.Item>
        </Col>
        <Col xs={8}>
          <Form.Item name="cvc" label={t('cvc')} rules={zodRules(S.cvc, { requiredMessage: t('enterCvc') })}>
            <Input inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="holderName" label={t('nameOnCard')} rules={zodRules(S.holderName)}>
        <Input autoComplete="cc-name" maxLength={100} />
      </Form.Item>
      <div className={css.buttons}>
        <Button type="primary" htmlType="submit" loading={busy}>
          {submitText ?? t('addCard')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('cancel')}</Button>}
      </div>
    </Form>
  );
}
