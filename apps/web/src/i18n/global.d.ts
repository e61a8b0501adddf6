import type { Locale } from '@stagepass/shared';
import type en from '../../messages/en.json';

// next-intl's keys are checked by the compiler: t('…') must name a key of messages/en.json.
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
