'use client';
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslations } from 'next-intl';
import { moneyAmountSchema, type PublicUser } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { revalidateRoutes } from '@/lib/swr';
import { errorText } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import { amountRangeRule, showFieldErrors, zodRules } from '@/lib/form-rules';
import TestPaymentsNotice from '@/components/pay/TestPaymentsNotice';
import TaxedPrice, { TaxResidenceNotice, useTaxedTotal } from '@/components/money/TaxedPrice';
import { useIdempotentPay } from '@/components/pay/useIdempotentPay';
import { cents, useBalance, usePaymentSettings } from '@/lib/payments';
import styles from './pay-dialog.module.css';

interface Values {
  price?: number;
  message?: string;
}

/**
 * Send a tip from the wallet: amount within minimumTipPrice..maximumTipPrice, optional message →
 * POST /wallet/charges/tip/{performerId} through `useIdempotentPay` (one key per intent). With
 * `streamId` (a tip in a live stream) the server writes it into that stream's chat.
 */
export default function TipModal({ performer, open, onClose, streamId }: { performer: Pick<PublicUser, '_id' | 'name'>; open: boolean; onClose: () => void; streamId?: string }) {
  const { message } = App.useApp();
  const t = useTranslations('payments');
  const specText = useSpecText();
  const { money } = useFormat();
  const [form] = Form.useForm<Values>();
  const pay = usePaymentSettings();
  const { balance, setBalance, refresh } = useBalance();
  const [error, setError] = useState<string | null>(null);
  const { pay: charge, busy, reset } = useIdempotentPay();
  const { min, max } = pay.tip;
  const amount = Form.useWatch('price', form);
  // The wallet pays the tip and, where it is added on top, its sales tax.
  const total = useTaxedTotal(typeof amount === 'number' ? amount : 0, 'tip');
  const short = typeof amount === 'number' && total > balance;

  useEffect(() => {
    if (!open) return;
    setError(null);
    reset();
    void refresh();
  }, [open, refresh, reset]);

  const onFinish = (v: Values) => {
    if (busy) return;
    setError(null);
    const body = { price: cents(v.price!), ...(v.message?.trim() ? { message: v.message.trim() } : {}), ...(streamId ? { streamId } : {}) };
    return charge(routes.wallet.charge, { params: { kind: 'tip', id: performer._id }, body }, {
      onPaid: (r) => {
        setBalance(r.balance);
        message.success(t('tipSent', { amount: money(r.charge.amount), name: performer.name }));
        void revalidateRoutes(routes.wallet.search);
        void refresh();
        form.resetFields();
        onClose();
      },
      onFailed: (e) => {
        showFieldErrors(form, e);
        setError(specText(errorText(e)));
        void refresh();
      },
    });
  };

  return (
    <Modal open={open} title={t('tipTitle', { name: performer.name })} onCancel={onClose} footer={null} destroyOnHidden width={460}>
      <TestPaymentsNotice />
      <dl className={styles.rows}>
        <div>
          <dt>{t('walletBalance')}</dt>
          <dd data-testid="tip-balance">{money(balance)}</dd>
        </div>
        {typeof amount === 'number' && amount > 0 && (
          <div>
            <dt>{t('youPay')}</dt>
            <dd>
              <TaxedPrice amount={amount} kind="tip" />
            </dd>
          </div>
        )}
      </dl>
      <TaxResidenceNotice />
      <Form<Values>
        form={form}
        layout="vertical"
        name="tip"
        requiredMark={false}
        onFinish={(v) => void onFinish(v)}
      >
        {error && <Alert type="error" showIcon title={error} className={styles.alert} />}
        <Form.Item
          name="price"
          label={t('amount')}
          extra={t('between', { min: money(min), max: money(max) })}
          rules={[
            ...zodRules(moneyAmountSchema, { requiredMessage: t('enterAmount') }),
            amountRangeRule('tip', min, max),
          ]}
        >
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog the user just opened: focus goes to its first field (the WAI-ARIA dialog pattern), not a page load */}
          <InputNumber<number> prefix="$" min={0} step={1} precision={2} inputMode="decimal" className={styles.amount} placeholder={min.toFixed(2)} autoFocus />
        </Form.Item>
        <Form.Item name="message" label={t('message')} extra={t('messageHint')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        {short && (
          <Alert
            type="warning"
            showIcon
            className={styles.lowBalance}
            title={t('balanceLow')}
            description={
              <>{t.rich('topUpToTip', { link: (c) => <Link href="/user/wallet">{c}</Link> })}</>
            }
          />
        )}
        <div className={styles.footer}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={busy} disabled={short}>
            {t('sendTip')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
