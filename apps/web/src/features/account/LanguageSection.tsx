'use client';
import { Select } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import SectionCard from '@/components/SectionCard';
import { LANGUAGE_OPTIONS, useChooseLocale } from '@/components/LanguagePicker';
import css from './account.module.css';

/** Account settings' language (fan and creator): saved on the account, so every device, e-mail and notification follows it. */
export default function LanguageSection() {
  const t = useTranslations('account');
  const tl = useTranslations('language');
  const locale = useLocale();
  const { choose, pending } = useChooseLocale();
  return (
    <SectionCard id="language" title={t('languageTitle')} description={t('languageText')}>
      <Select className={css.language} aria-label={tl('label')} value={locale} loading={pending} options={LANGUAGE_OPTIONS} onChange={(v) => void choose(v)} data-testid="language-select" />
    </SectionCard>
  );
}
