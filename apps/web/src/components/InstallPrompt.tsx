'use client';
import { Button, Flex, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useSettings } from '@/lib/site-context';
import { rememberInstallAnswer, type InstallPromptEvent } from '@/lib/pwa';
import css from './install-prompt.module.css';

/**
 * "Install" offer (issue 34 §1): shown by ClientExtras from the second visit on, when the browser
 * says the site can be installed (beforeinstallprompt), at the visitor's first tap, key or scroll. Install opens the browser's own dialog;
 * "Not now" and an install are remembered, so it does not come back.
 */
export default function InstallPrompt({ event, onDone }: { event: InstallPromptEvent; onDone: () => void }) {
  const { siteName } = useSettings();
  const t = useTranslations('shell');
  const finish = () => {
    rememberInstallAnswer();
    onDone();
  };
  const install = async () => {
    await event.prompt().catch(() => undefined);
    await event.userChoice.catch(() => undefined);
    finish();
  };
  return (
    <section className={css.banner} aria-label={t('installRegion')}>
      <Flex gap={12} align="center" wrap>
        {/* eslint-disable-next-line @next/next/no-img-element -- a 40 px static icon, no optimisation to gain */}
        <img className={css.icon} src="/icons/icon-192.png" alt="" width={40} height={40} />
        <Typography.Text className={css.text}>
          {t.rich('installText', { site: siteName, strong: (c) => <strong>{c}</strong> })}
        </Typography.Text>
        <Flex gap={8}>
          <Button onClick={finish}>{t('installNotNow')}</Button>
          <Button type="primary" onClick={() => void install()}>
            {t('installButton')}
          </Button>
        </Flex>
      </Flex>
    </section>
  );
}
