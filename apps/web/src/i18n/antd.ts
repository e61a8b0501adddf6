import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from '@stagepass/shared';

/** antd's own texts for each language; read on the server and handed to the client provider as plain data (no function in them), so the browser downloads only its own. */
const loaders: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  en: () => import('antd/locale/en_US'),
  es: () => import('antd/locale/es_ES'),
  'pt-BR': () => import('antd/locale/pt_BR'),
  de: () => import('antd/locale/de_DE'),
  fr: () => import('antd/locale/fr_FR'),
};

export async function antdLocale(locale: Locale): Promise<AntdLocale> {
  return (await loaders[locale]()).default;
}
