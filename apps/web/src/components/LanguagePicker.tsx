'use client';
import { useTransition } from 'react';
import { useRouter } from 'next/navigation';
import Cookies from 'js-cookie';
import { App, Button, Dropdown, Segmented, Tooltip } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useLocale, useTranslations } from 'next-intl';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, LOCALE_NAMES, LOCALES, type Locale } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useAppDispatch, useCurrentUser } from '@/store';
import { patchAuthUser } from '@/store/auth';

/**
 * Choosing a language (issue 34 §3): the `locale` cookie (this browser, signed in or out) and, signed
 * in, the account's setting (PUT /users `locale`: other devices, e-mails, notifications); then the
 * server renders the page again in it (router.refresh).
 */
export function useChooseLocale() {
  const user = useCurrentUser();
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { message } = App.useApp();
  const [pending, startTransition] = useTransition();
  const choose = async (locale: Locale) => {
    Cookies.set(LOCALE_COOKIE, locale, { path: '/', expires: LOCALE_COOKIE_DAYS, sameSite: 'lax', secure: location.protocol === 'https:' });
    if (user) {
      try {
        await call(routes.users.update, { body: { locale } });
        dispatch(patchAuthUser({ locale }));
      } catch (e) {
        message.error(errorText(e));
      }
    }
    document.documentElement.lang = locale;
    startTransition(() => router.refresh());
  };
  return { choose, pending };
}

export const LANGUAGE_OPTIONS = LOCALES.map((l) => ({ value: l, label: <span lang={l}>{LOCALE_NAMES[l]}</span> }));

/** The header's language button: a globe opening the five languages, each named in itself. */
export default function LanguagePicker() {
  const locale = useLocale();
  const t = useTranslations('language');
  const { choose, pending } = useChooseLocale();
  const name = t('button', { name: LOCALE_NAMES[locale] });
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LANGUAGE_OPTIONS.map((o) => ({ key: o.value, label: o.label })),
        onClick: ({ key }) => void choose(key as Locale),
      }}
    >
      <Tooltip title={name} placement="bottom">
        <Button type="text" shape="circle" aria-label={name} loading={pending} icon={<GlobalOutlined />} data-testid="language-picker" />
      </Tooltip>
    </Dropdown>
  );
}

/**
 * The mobile drawer's choice: a vertical Segmented, the component the drawer's theme switch already
 * loads (a Select here would add its weight to every page). Account settings use a Select
 * (features/account/LanguageSection.tsx).
 */
export function LanguageSegmented() {
  const locale = useLocale();
  const t = useTranslations('language');
  const { choose } = useChooseLocale();
  return <Segmented vertical block aria-label={t('label')} value={locale} options={LANGUAGE_OPTIONS} onChange={(v) => void choose(v)} />;
}
