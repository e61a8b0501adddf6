'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button } from 'antd';
import { useTranslations } from 'next-intl';

// The form (cards, Stripe) loads when the dialog first opens: it stays out of the page's first load.
const TopUpDialog = dynamic(() => import('./TopUpDialog'), { ssr: false });

/** "Top up your wallet" as a link-styled button that opens the top-up dialog on the current page. */
export default function TopUpButton({ need, className }: { need?: number; className?: string }) {
  const t = useTranslations('wallet');
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        type="link"
        className={className}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t('topUpWallet')}
      </Button>
      {opened && <TopUpDialog open={open} need={need} onClose={() => setOpen(false)} />}
    </>
  );
}
