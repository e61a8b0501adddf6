'use client';
import { useEffect } from 'react';
import { Alert, App, Button, Form, Select, Skeleton } from 'antd';
import { useTranslations } from 'next-intl';
import { TAX_REGIONS, isRegionSplitCountry, taxResidenceInputSchema } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute, revalidateRoutes } from '@/lib/swr';
import { showFieldErrors } from '@/lib/form-rules';
import { useCountryOptions } from '@/components/form/useCountries';
import { useSpecText } from '@/i18n/spec';
import css from './account.module.css';

interface Values {
  country?: string;
  region?: string | null;
}

/**
 * "Tax residence" (taxes README "Sales tax"): the country — and in the US and Canada the state or
 * province — whose sales tax applies to the fan's purchases (PUT /taxes/residence). Without one the
 * request's country is used; a fan in the US or Canada must state their region where a region has
 * its own rule. Validated with the API's schema.
 */
export default function TaxResidenceForm() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const current = useRoute(routes.salesTax.residence);
  const countries = useCountryOptions();
  const country = Form.useWatch('country', form);
  const t = useTranslations('accountMore');
  const spec = useSpecText();

  useEffect(() => {
    if (current.data) form.setFieldsValue({ country: current.data.country ?? undefined, region: current.data.region });
  }, [current.data, form]);

  if (current.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (current.error) return <Alert type="error" showIcon title={t('taxLoadFailed')} />;

  const onFinish = async (v: Values) => {
    const parsed = taxResidenceInputSchema.safeParse({ country: v.country, region: v.region ?? null });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] as keyof Values, errors: [i.message] })));
      return;
    }
    try {
      await call(routes.salesTax.putResidence, { body: parsed.data });
      message.success(t('taxSaved'));
      void current.mutate();
      void revalidateRoutes(routes.salesTax.mine);
    } catch (e) {
      showFieldErrors(form, e);
      message.error(spec(errorText(e)));
    }
  };

  const regions = country && isRegionSplitCountry(country) ? TAX_REGIONS[country] : null;
  return (
    <Form<Values> form={form} layout="vertical" name="tax-residence" requiredMark={false} onFinish={(v) => void onFinish(v)} className={css.narrow}>
      <Form.Item name="country" label={t('country')} rules={[{ required: true, message: t('chooseCountry') }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={countries.options}
          loading={countries.isLoading}
          placeholder={t('whereYouLive')}
          onChange={() => form.setFieldValue('region', null)}
        />
      </Form.Item>
      {regions && (
        <Form.Item name="region" label={country === 'US' ? t('state') : t('province')} rules={[{ required: true, message: t('chooseRegion') }]}>
          <Select showSearch options={regions.map((r) => ({ value: r, label: r }))} placeholder={t('choose')} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit">
        {t('saveTax')}
      </Button>
    </Form>
  );
}
