'use client';
import { Modal } from 'antd';
import { useTranslations } from 'next-intl';
import { useFormat } from '@/lib/format';
import TopUpForm from './TopUpForm';

/**
 * The wallet top-up in a dialog, so a screen that needs more money (the checkout) tops up in place
 * and stays where it was: `need` (what is missing) fills the amount; it closes once the money is in.
 */
export default function TopUpDialog({ open, need, onClose }: { open: boolean; need?: number; onClose: () => void }) {
  const t = useTranslations('wallet');
  const { money } = useFormat();
  const amount = need && need > 0 ? Math.ceil(need * 100) / 100 : undefined;
  return (
    <Modal open={open} title={t('topUpWallet')} footer={null} onCancel={onClose} destroyOnHidden>
      {amount !== undefined && <p className="muted">{t('needMoreForOrder', { amount: money(amount) })}</p>}
      <TopUpForm inDialog amount={amount} onDone={onClose} />
    </Modal>
  );
}
