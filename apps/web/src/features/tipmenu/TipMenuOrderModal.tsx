'use client';
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useTranslations } from 'next-intl';
import { TIP_MENU_NOTE_MAX, type TipMenuItem, type TipMenuOrder } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { revalidateRoutes } from '@/lib/swr';
import { errorText } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { showFieldErrors } from '@/lib/form-rules';
import TestPaymentsNotice from '@/components/pay/TestPaymentsNotice';
import TaxedPrice, { TaxResidenceNotice, useTaxedTotal } from '@/components/money/TaxedPrice';
import { useIdempotentPay } from '@/components/pay/useIdempotentPay';
import { useBalance } from '@/lib/payments';
import css from './tipmenu.module.css';

/**
 * THE tip-menu order dialog (profile, conversation, live stream — issue 31 §2): the item, the
 * wallet balance, the price with its tax (TaxedPrice, as a tip), an optional note, confirm →
 * POST /tip-menu/items/{id}/orders through `useIdempotentPay`. With `streamId` the order shows in
 * that stream's chat and on screen.
 */
export default function TipMenuOrderModal({ performerName, item, onClose, streamId, onOrdered }: { performerName: string; item: TipMenuItem | null; onClose: () => void; streamId?: string; onOrdered?: (o: TipMenuOrder) => void }) {
  const { message } = App.useApp();
  const t = useTranslations('profile');
  const fmt = useFormat();
  const [form] = Form.useForm<{ note?: string }>();
  const { balance, setBalance, refresh } = useBalance();
  const [error, setError] = useState<string | null>(null);
  const { pay, busy, reset } = useIdempotentPay();
  const total = useTaxedTotal(item?.price ?? 0, 'tip');
  const short = !!item && total > balance;

  useEffect(() => {
    if (!item) return;
    setError(null);
    reset();
    void refresh();
  }, [item, refresh, reset]);

  const onFinish = (v: { note?: string }) => {
    if (!item || busy) return;
    setError(null);
    const body = { ...(v.note?.trim() ? { note: v.note.trim() } : {}), ...(streamId ? { streamId } : {}) };
    return pay(routes.tipmenu.order, { params: { id: item._id }, body }, {
      onPaid: (r) => {
        setBalance(r.balance);
        message.success(t('tipOrdered', { item: item.name, name: performerName }));
        void revalidateRoutes(routes.tipmenu.myOrders);
        void revalidateRoutes(routes.wallet.search);
        form.resetFields();
        onOrdered?.(r.order);
        onClose();
      },
      onFailed: (e) => {
        showFieldErrors(form, e);
        setError(errorText(e));
        void refresh();
      },
    });
  };

  return (
    <Modal open={!!item} title={item ? t('tipOrderTitle', { name: item.name }) : t('tipOrder')} onCancel={onClose} footer={null} destroyOnHidden width={460}>
      {item && (
        <>
          <TestPaymentsNotice />
          {item.description && <p className={css.muted}>{item.description}</p>}
          <dl className={css.rows}>
            <div>
              <dt>{t('tipWalletBalance')}</dt>
              <dd data-testid="tip-menu-balance">{fmt.money(balance)}</dd>
            </div>
            <div>
              <dt>{t('tipYouPay')}</dt>
              <dd>
                <TaxedPrice amount={item.price} kind="tip" />
              </dd>
            </div>
          </dl>
          <TaxResidenceNotice />
          <Form form={form} layout="vertical" name="tip-menu-order" requiredMark={false} onFinish={(v) => void onFinish(v)}>
            {error && <Alert type="error" showIcon title={error} className={css.alert} />}
            <Form.Item name="note" label={t('tipNote')}>
              <Input.TextArea rows={3} maxLength={TIP_MENU_NOTE_MAX} showCount />
            </Form.Item>
            {short && (
              <Alert
                type="warning"
                showIcon
                className={css.alert}
                title={t('tipBalanceLow')}
                description={t.rich('tipTopUp', { link: (c) => <Link href="/user/wallet">{c}</Link> })}
              />
            )}
            <div className={css.footer}>
              <Button onClick={onClose}>{t('cancel')}</Button>
              <Button type="primary" htmlType="submit" loading={busy} disabled={short}>
                {t('tipOrderFor', { price: fmt.money(item.price) })}
              </Button>
            </div>
          </Form>
        </>
      )}
    </Modal>
  );
}
