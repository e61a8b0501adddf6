'use client';
import { Alert, App, Button, Flex } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import css from './two-factor.module.css';

/** New recovery codes, shown once: 'Copy codes', 'Download codes', then 'I saved my codes'. */
export default function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { message } = App.useApp();
  const t = useTranslations('accountMore');
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      message.success(t('codesCopied'));
    } catch {
      message.error(t('copyFailed'));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div>
      <Alert
        type="warning"
        showIcon
        className={css.alert}
        title={t('saveCodesTitle')}
        description={t('saveCodesText')}
      />
      <ul className={css.codes} aria-label={t('recoveryCodes')}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          {t('copyCodes')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          {t('downloadCodes')}
        </Button>
        <Button type="primary" onClick={onDone}>
          {t('savedCodes')}
        </Button>
      </Flex>
    </div>
  );
}
