'use client';
/**
 * A fan asks a creator for a private show (POST /streaming/private-requests): the confirmation
 * says how it is billed; then a waiting dialog with the per-minute rate, the balance needed (one
 * minute) and a countdown to the request's expiry, and "Cancel request". The answer comes as
 * 'stream/private-request', handled by LiveListener (accepted → the private stream's page). A
 * pending request (after a reload) is picked up from the streaming state (GET
 * /streaming/private-requests).
 */
import TaxedPrice from '@/components/money/TaxedPrice';
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Modal, Spin } from 'antd';
import { VideoCameraOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import { useBalance } from '@/lib/payments';
import { useAppDispatch, useAppSelector } from '@/store';
import { addPrivateRequest, loadPrivateRequests, privateRequestUpdated } from '@/store/streaming';
import css from './live.module.css';

export default function PrivateShowRequest({ performer }: { performer: { _id: string; name: string; username?: string | null } }) {
  const dispatch = useAppDispatch();
  const { modal, message } = App.useApp();
  const t = useTranslations('liveWatch');
  const specText = useSpecText();
  const { money } = useFormat();
  const { balance, refresh } = useBalance();
  const pending = useAppSelector((s) => s.streaming.privateRequests.find((r) => r.performerId === performer._id && r.status === 'pending'));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const name = performer.name || t('thisCreator');
  // The creator's per-minute rate (null: no private shows — no button).
  const { data: offer } = useRoute(routes.streaming.privateOffer, { params: { id: performer._id } });
  // Live video off on this site (no Janus, Agora off): nothing to request.
  const { data: live } = useRoute(routes.streaming.available);
  const rate = live?.available ? (offer?.privateRate ?? null) : null;

  useEffect(() => {
    void dispatch(loadPrivateRequests());
  }, [dispatch]);
  useEffect(() => {
    if (!pending) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [pending]);
  // No answer came by the expiry (the event was missed): the request is over.
  const overdue = Boolean(pending) && now > new Date(pending?.expiresAt ?? 0).getTime() + 5000;
  useEffect(() => {
    if (!overdue || !pending) return;
    dispatch(privateRequestUpdated({ ...pending, status: 'expired' }));
    message.info(t('noAnswer', { name }));
  }, [overdue, pending, dispatch, message, name, t]);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await call(routes.streaming.requestPrivate, { body: { performerId: performer._id } });
      dispatch(addPrivateRequest(r));
      void refresh();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const ask = () =>
    modal.confirm({
      title: t('askTitle', { name }),
      content: <>{t.rich('askText', { name, price: () => <TaxedPrice amount={rate ?? 0} kind="stream" /> })}</>,
      okText: t('sendRequest'),
      cancelText: t('cancel'),
      onOk: send,
    });

  const cancel = async () => {
    if (!pending) return;
    try {
      const r = await call(routes.streaming.declinePrivate, { params: { id: pending._id } });
      dispatch(privateRequestUpdated(r));
    } catch (e) {
      message.error(specText(errorText(e)));
    }
  };

  const secondsLeft = pending ? Math.max(0, Math.ceil((new Date(pending.expiresAt).getTime() - now) / 1000)) : 0;
  if (rate === null && !pending) return null;
  return (
    <>
      <Button icon={<VideoCameraOutlined aria-hidden />} onClick={ask} loading={busy} disabled={Boolean(pending)} className={css.requestButton}>
        {t('requestPrivate')}
        {rate !== null && (
          <>
            {' · '}
            <TaxedPrice amount={rate} kind="stream" suffix={t('perMin')} />
          </>
        )}
      </Button>
      <Modal open={Boolean(error)} title={t('notSentTitle')} onCancel={() => setError(null)} footer={<Button onClick={() => setError(null)}>{t('close')}</Button>}>
        <Alert type="error" showIcon title={error && specText(error)} />
        {error && /balance/i.test(error) && <p>{t.rich('topUpAndRetry', { wallet: (c) => <Link href="/user/wallet">{c}</Link> })}</p>}
      </Modal>
      <Modal
        open={Boolean(pending)}
        title={t('privateWith', { name })}
        closable={false}
        mask={{ closable: false }}
        footer={
          <Button danger onClick={() => void cancel()}>
            {t('cancelRequest')}
          </Button>
        }
      >
        {pending && (
          <div role="status" data-testid="private-request-waiting">
            <p>
              <Spin size="small" /> {t('waitingAnswer', { name, seconds: secondsLeft })}
            </p>
            <p>
              {t.rich('pendingPrice', {
                price: () => (
                  <strong>
                    <TaxedPrice amount={pending.rate} kind="stream" suffix={t('perMinute')} />
                  </strong>
                ),
                need: money(pending.rate),
                balance: money(balance),
              })}
            </p>
            {balance < pending.rate * 2 && (
              <Alert
                type="warning"
                showIcon
                title={t('coversLessThanTwo')}
                description={t.rich('topUpToKeepGoing', { wallet: (c) => <Link href="/user/wallet">{c}</Link> })}
              />
            )}
          </div>
        )}
      </Modal>
    </>
  );
}
