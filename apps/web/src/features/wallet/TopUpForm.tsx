'use client';
import Link from 'next/link';
import { App, Button, Form, InputNumber, Space } from 'antd';
import { useTranslations } from 'next-intl';
import { moneyAmountSchema } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { revalidateRoutes } from '@/lib/swr';
import { errorText } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import { amountRangeRule, showFieldErrors, zodRules } from '@/lib/form-rules';
import CardSelect from '@/components/pay/CardSelect';
import AddCard from '@/components/pay/AddCard';
import { useCards } from '@/lib/use-cards';
import { authenticatePayment } from '@/lib/stripe-js';
import { cents, useBalance, usePaymentSettings } from '@/lib/payments';
import { useIdempotentPay } from '@/components/pay/useIdempotentPay';
import css from './wallet.module.css';

interface Values {
  amount?: number;
  cardId?: string;
}

/**
 * Wallet top-up: amount within minimumWalletPrice..maximumWalletPrice, a saved card (default
 * first) → POST /payment/wallet/top-up through `useIdempotentPay` (a double click or a retry after
 * a lost answer re-sends the same key: one charge). In a dialog (`inDialog`, TopUpDialog) a fan
 * without a card adds one in place, and `onDone` runs once the money is in the wallet.
 */
export default function TopUpForm({ inDialog, amount, onDone }: { inDialog?: boolean; amount?: number; onDone?: (balance: number) => void } = {}) {
  const { message } = App.useApp();
  const t = useTranslations('wallet');
  const specText = useSpecText();
  const { money } = useFormat();
  const [form] = Form.useForm<Values>();
  const pay = usePaymentSettings();
  const { setBalance, refresh } = useBalance();
  const { cards, data: cardsLoaded, mutate: reloadCards } = useCards();
  const { pay: charge, busy } = useIdempotentPay();
  const { min, max } = pay.wallet;
  const presets = [10, 25, 50, 100].filter((n) => n >= min && n <= max);

  const onFinish = (v: Values) =>
    charge(routes.payments.topUp, { body: { amount: cents(v.amount!), cardId: v.cardId } }, {
      onPaid: async (r) => {
        setBalance(r.balance);
        if (r.transaction.status === 'succeeded') {
          message.success(t('added', { amount: money(r.transaction.amount) }));
          form.setFieldValue('amount', undefined);
          onDone?.(r.balance);
        } else if (r.transaction.status === 'pending' && r.nextAction) {
          // 3-D Secure: the bank asks the fan to confirm; Stripe's webhook then credits the wallet.
          const failed = await authenticatePayment(pay.stripePublishableKey, r.nextAction.clientSecret);
          if (failed) message.error(failed);
          else {
            message.info(t('confirmed'));
            form.setFieldValue('amount', undefined);
            for (let i = 0; i < 8; i++) {
              await new Promise((res) => setTimeout(res, 1500));
              const now = await refresh();
              if ((now ?? 0) > r.balance) {
                onDone?.(now!);
                break;
              }
            }
          }
        } else if (r.transaction.status === 'pending') message.info(t('pendingBank'));
        else message.error(r.transaction.failureMessage || t('declined'));
        void refresh();
        void revalidateRoutes(routes.payments.transactions);
      },
      onFailed: (e) => {
        showFieldErrors(form, e);
        message.error(specText(errorText(e)));
      },
    });

  const noCard = cardsLoaded && cards.length === 0;
  if (inDialog && noCard)
    return (
      <>
        <p className="muted">{t('addCardToTopUp')}</p>
        <AddCard
          notice={false}
          submitText={t('saveCard')}
          onAdded={() => {
            message.success(t('cardSaved'));
            void reloadCards();
          }}
        />
      </>
    );
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="top-up"
      requiredMark={false}
      initialValues={amount ? { amount } : undefined}
      onFinish={(v) => void onFinish(v)}
    >
      <Form.Item
        name="amount"
        label={t('amount')}
        extra={t('between', { min: money(min), max: money(max) })}
        rules={[
          ...zodRules(moneyAmountSchema, { requiredMessage: t('enterAmount') }),
          amountRangeRule('top-up amount', min, max),
        ]}
      >
        <InputNumber<number> prefix="$" min={0} step={1} precision={2} inputMode="decimal" className={css.amount} placeholder={min.toFixed(2)} />
      </Form.Item>
      {presets.length > 0 && (
        <Space wrap size={8} className={css.presets}>
          {presets.map((n) => (
            <Button key={n} size="small" onClick={() => form.setFieldsValue({ amount: n })}>
              {money(n)}
            </Button>
          ))}
        </Space>
      )}
      <Form.Item name="cardId" label={t('paymentCard')} rules={noCard ? [] : [{ required: true, message: t('chooseCard') }]}>
        <CardSelect
          empty={
            <>{t.rich('noCardYet', { link: (c) => <Link href="/user/cards">{c}</Link> })}</>
          }
        />
      </Form.Item>
      {/* Not before the cards have loaded: the default card is chosen then. */}
      <Button type="primary" htmlType="submit" loading={busy} disabled={noCard || !cardsLoaded}>
        {t('topUp')}
      </Button>
    </Form>
  );
}
