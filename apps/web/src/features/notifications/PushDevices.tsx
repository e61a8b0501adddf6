'use client';
import { useEffect, useState } from 'react';
import { Alert, App, Button, Skeleton, Switch, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import { pushState, thisDevice, turnPushOff, turnPushOn, type PushState } from '@/lib/push';
import css from './notifications.module.css';

/**
 * Push on this device (issue 34 §2): one switch that subscribes this browser (asking the browser's
 * permission) or stops it, and the account's other devices with push on, each with "Turn off".
 * Which types are pushed is the preferences table's Push column.
 */
export default function PushDevices() {
  const { message } = App.useApp();
  const t = useTranslations('notificationSettings');
  const f = useFormat();
  const specText = useSpecText();
  const key = useRoute(routes.notifications.pushKey);
  const devices = useRoute(routes.notifications.pushDevices);
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void pushState().then(setState, () => setState('unsupported'));
  }, []);

  if (key.data && !key.data.enabled) return null;
  if (!key.data || state === null) return <Skeleton active title={false} paragraph={{ rows: 2 }} className={css.pushSkeleton} />;

  const flip = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) await turnPushOn();
      else await turnPushOff();
      setState(await pushState());
      await devices.mutate();
      void message.success(on ? t('pushOnToast') : t('pushOffToast'));
    } catch (e) {
      void message.error(e instanceof Error && !('statusCode' in e) ? e.message : specText(errorText(e)));
      setState(await pushState().catch(() => 'unsupported' as const));
    } finally {
      setBusy(false);
    }
  };
  const removeOther = async (id: string) => {
    try {
      await call(routes.notifications.pushRemove, { params: { id } });
      await devices.mutate();
    } catch (e) {
      void message.error(specText(errorText(e)));
    }
  };

  const mine = thisDevice();
  const others = (devices.data ?? []).filter((d) => d._id !== mine);
  return (
    <div className={css.push}>
      <div className={css.pushRow}>
        <div className={css.pushText}>
          <label htmlFor="push-this-device" className={css.pushLabel}>
            {t('pushThisDevice')}
          </label>
          <Typography.Text type="secondary" className={css.pushHint}>
            {t('pushHint')}
          </Typography.Text>
        </div>
        <Switch id="push-this-device" checked={state === 'on'} loading={busy} disabled={busy || state === 'unsupported' || state === 'denied'} onChange={(on) => void flip(on)} />
      </div>
      {state === 'unsupported' && <Alert type="info" showIcon message={t('pushUnsupported')} />}
      {state === 'denied' && <Alert type="warning" showIcon message={t('pushDenied')} />}
      {others.length > 0 && (
        <ul className={css.deviceList} aria-label={t('otherDevices')}>
          {others.map((d) => (
            <li key={d._id} className={css.device}>
              <span>
                {d.label}
                <Typography.Text type="secondary" className={css.deviceMeta}>
                  {' '}
                  {t('turnedOn', { date: f.fullDate(d.createdAt) })}
                </Typography.Text>
              </span>
              <Button size="small" onClick={() => void removeOther(d._id)} aria-label={t('turnOffOn', { device: d.label })}>
                {t('turnOff')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
