'use client';
import { useState } from 'react';
import { App, Button, type ButtonProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { useSpecText } from '@/i18n/spec';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';

/**
 * "Download" for a digital product the viewer bought (or owns): asks for its short-lived,
 * single-purpose link (GET /performer-assets/products/{id}/download-link) and follows it — the file
 * comes as an attachment, the page stays. Refusals (403: not a buyer, e.g. refunded) as a toast.
 */
export default function DownloadButton({ productId, type = 'primary', size }: { productId: string; type?: ButtonProps['type']; size?: ButtonProps['size'] }) {
  const { message } = App.useApp();
  const t = useTranslations('shop');
  const specText = useSpecText();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const link = await call(routes.products.downloadLink, { params: { id: productId } });
      window.location.assign(link.url);
    } catch (e) {
      message.error(specText(errorText(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type={type} size={size} icon={<DownloadOutlined aria-hidden="true" />} loading={busy} onClick={() => void download()}>
      {t('download')}
    </Button>
  );
}
