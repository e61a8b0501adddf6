'use client';
import { useState } from 'react';
import { Alert, App, Button, Select } from 'antd';
import { useTranslations } from 'next-intl';
import { MESSAGES } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { useCountryOptions } from '@/components/form/useCountries';
import { ErrorState, FormSkeleton } from '@/components/states';
import { useSpecText } from '@/i18n/spec';
import css from './blocking.module.css';

/**
 * The countries a creator hides from (GET /block/countries, saved whole with POST
 * /block/countries): a searchable multi-select over the reference country list.
 */
export default function BlockedCountries() {
  const { message } = App.useApp();
  const t = useTranslations('blocking');
  const spec = useSpecText();
  const { data, error, isLoading, mutate } = useRoute(routes.blocks.countries);
  const countries = useCountryOptions();
  const [picked, setPicked] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (isLoading && !data) return <FormSkeleton rows={2} />;
  if (!data) return <ErrorState title={t('countriesFailed')} message={errorText(error)} onRetry={() => void mutate()} />;
  const value = picked ?? data.countries;
  const changed = picked !== null && [...picked].sort().join() !== [...data.countries].sort().join();

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const saved = await call(routes.blocks.setCountries, { body: { countries: value } });
      message.success(spec(MESSAGES.changesSaved));
      setPicked(null);
      void mutate(saved, { revalidate: false });
    } catch (e) {
      setFailure(spec(errorText(e, MESSAGES.updateFailed)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {countries.error && <Alert type="warning" showIcon title={t('countryListFailed')} className={css.alert} />}
      {failure && <Alert type="error" showIcon title={failure} className={css.alert} />}
      <div className={css.row}>
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={countries.options}
          loading={countries.isLoading}
          value={value}
          onChange={setPicked}
          placeholder={t('noCountries')}
          aria-label={t('countriesTitle')}
          className={css.countries}
        />
        <Button type="primary" loading={saving} disabled={!changed} onClick={() => void save()}>
          {t('saveChanges')}
        </Button>
      </div>
    </>
  );
}
