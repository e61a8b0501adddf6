'use client';
/**
 * The creator's subscription price and free trial (the `Subscription` tab of /creator/account):
 * loads GET /subscriptions/offer/{id}, saves PUT /performers/subscription-settings. Limits come
 * from the public settings (minimum/maximumSubscriptionPrice, freeSubscriptionEnabled/Duration).
 */
import { useState } from 'react';
import { Alert, App, Button, Form, InputNumber, Switch } from 'antd';
import { MESSAGES, subscriptionSettingsSchema } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { amountRangeRule, showFieldErrors, zodRules } from '@/lib/form-rules';
import { money, plural } from '@/lib/format';
import { useSettings } from '@/lib/site-context';
import { ErrorState, FormSkeleton } from '@/components/states';
import css from './subscription-pricing.module.css';

type Values = { monthlyPrice?: number; freeSubscriptionEnabled?: boolean; freeSubscriptionDays?: number | null };
const S = subscriptionSettingsSchema.shape;

export default function SubscriptionPricingForm({ performerId }: { performerId: string }) {
  const settings = useSettings();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const trialOn = Form.useWatch('freeSubscriptionEnabled', form);
  const price = Form.useWatch('monthlyPrice', form);
  const days = Form.useWatch('freeSubscriptionDays', form);
  const { data, error, isLoading, mutate } = useRoute(routes.subscriptions.offer, { params: { id: performerId } });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const min = settings.minimumSubscriptionPrice;
  const max = settings.maximumSubscriptionPrice;
  const trialsAllowed = settings.freeSubscriptionEnabled;

  if (isLoading && !data) return <FormSkeleton rows={4} />;
  if (!data) return <ErrorState title="Your subscription price didn't load" message={errorText(error)} onRetry={() => void mutate()} />;

  const submit = async (v: Values) => {
    setSaving(true);
    setFailure(null);
    try {
      const body = {
        monthlyPrice: v.monthlyPrice!, // required by the form's rules
        freeSubscriptionEnabled: trialsAllowed ? Boolean(v.freeSubscriptionEnabled) : false,
        freeSubscriptionDays: trialsAllowed ? (v.freeSubscriptionDays ?? null) : undefined,
      };
      const saved = await call(routes.subscriptions.updatePricing, { body });
      message.success(MESSAGES.changesSaved);
      void mutate(saved && typeof saved === 'object' ? saved : undefined, { revalidate: !saved });
    } catch (e) {
      showFieldErrors(form, e);
      setFailure(errorText(e, MESSAGES.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  const initialValues: Values = {
    monthlyPrice: data.monthlyPrice > 0 ? data.monthlyPrice : undefined,
    freeSubscriptionEnabled: trialsAllowed && data.freeSubscriptionEnabled,
    freeSubscriptionDays: data.freeSubscriptionDays || settings.freeSubscriptionDuration,
  };
  return (
    <Form<Values> form={form} layout="vertical" name="subscription-settings" initialValues={initialValues} onFinish={submit} requiredMark={false} className={css.form}>
      <Form.Item
        name="monthlyPrice"
        label="Monthly price"
        htmlFor="subscription-monthly-price"
        extra={`Between ${money(min)} and ${money(max)} a month. A new price applies to new subscriptions and renewals.`}
        rules={[
          ...zodRules(S.monthlyPrice, { required: true, requiredMessage: 'Enter a monthly price' }),
          amountRangeRule('price', min, max),
        ]}
      >
        <InputNumber<number> id="subscription-monthly-price" prefix="$" suffix="/ month" min={0} max={max} step={0.5} precision={2} inputMode="decimal" className={css.price} />
      </Form.Item>
      {trialsAllowed ? (
        <>
          <Form.Item name="freeSubscriptionEnabled" label="Offer a free trial" htmlFor="subscription-trial" valuePropName="checked" extra="New subscribers get free access first, then pay the monthly price unless they cancel.">
            <Switch id="subscription-trial" />
          </Form.Item>
          {trialOn && (
            <Form.Item
              name="freeSubscriptionDays"
              label="Free trial days"
              htmlFor="subscription-trial-days"
              extra={`The site's default is ${plural(settings.freeSubscriptionDuration, 'day')}.`}
              rules={[
                { required: true, message: 'Enter the length of the trial' },
                ...zodRules(S.freeSubscriptionDays.unwrap().unwrap(), { required: true, requiredMessage: 'Enter the length of the trial' }),
              ]}
            >
              <InputNumber<number> id="subscription-trial-days" min={1} max={365} precision={0} suffix="days" className={css.days} />
            </Form.Item>
          )}
        </>
      ) : (
        <Alert type="info" showIcon className={css.alert} title="Free trials are turned off on this site" />
      )}
      {typeof price === 'number' && price >= min && price <= max && (
        <p className={`muted ${css.preview}`}>
          Fans will see: {trialsAllowed && trialOn ? `free for ${plural(days || settings.freeSubscriptionDuration, 'day')}, then ` : ''}
          {money(price)} a month.
        </p>
      )}
      {failure && <Alert type="error" showIcon role="alert" title={failure} className={css.alert} />}
      <Button type="primary" htmlType="submit" loading={saving}>
        Save changes
      </Button>
    </Form>
  );
}
