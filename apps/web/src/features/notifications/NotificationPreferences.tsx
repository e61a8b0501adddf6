'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { App, Skeleton, Switch } from 'antd';
import { useTranslations } from 'next-intl';
import { MESSAGES, NOTIFICATION_TYPES, type CurrentUser, type NotificationPreference } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { ErrorState } from '@/components/states';
import { useSpecText } from '@/i18n/spec';
import type { Messages } from '@/i18n/messages';
import { NOTIFICATION_TYPE_LABELS, typesFor } from './labels';
import css from './notifications.module.css';

/** Browser-only (service worker, PushManager), and loaded on demand: not part of the account pages' first load. */
const PushDevices = dynamic(() => import('./PushDevices'), { ssr: false, loading: () => <Skeleton active title={false} paragraph={{ rows: 2 }} className={css.pushSkeleton} /> });

type Channel = 'inApp' | 'email' | 'push';
/** Each switch's accessible name: "Tips: in app". */
const SWITCH_LABEL: Record<Channel, keyof Messages['notificationSettings']> = { inApp: 'switchInApp', email: 'switchEmail', push: 'switchPush' };

/**
 * Push on this device (PushDevices), then per type, in the app (bell, toast), by e-mail and by
 * push (to every device with push on; the column shows while the site sends push): each switch is saved when flipped
 * (PUT /notification/preferences with that type), 'Changes saved' on success.
 */
export default function NotificationPreferences({ user }: { user: Pick<CurrentUser, 'isPerformer'> }) {
  const { message } = App.useApp();
  const t = useTranslations('notificationSettings');
  const specText = useSpecText();
  const { data, error, isLoading, mutate } = useRoute(routes.notifications.preferences);
  const key = useRoute(routes.notifications.pushKey);
  const channels: Channel[] = key.data?.enabled ? ['inApp', 'email', 'push'] : ['inApp', 'email'];
  const [saving, setSaving] = useState<string | null>(null);

  if (isLoading && !data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!data) return <ErrorState title={t('prefsLoadFailed')} message={specText(errorText(error))} onRetry={() => void mutate()} />;

  const byType = new Map(data.map((p) => [p.type, p]));
  const save = async (pref: NotificationPreference, channel: Channel, on: boolean) => {
    const next = { ...pref, [channel]: on };
    setSaving(`${pref.type}:${channel}`);
    try {
      const all = await call(routes.notifications.updatePreferences, { body: { preferences: [next] } });
      await mutate(all, { revalidate: false });
      void message.success(specText(MESSAGES.changesSaved));
    } catch (e) {
      void message.error(specText(errorText(e)));
    } finally {
      setSaving(null);
    }
  };

  return (
    <>
      <PushDevices />
      <table className={css.prefTable}>
        <caption className="sr-only">{t('preferences')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('colWhat')}</th>
            <th scope="col">{t('colInApp')}</th>
            <th scope="col">{t('colEmail')}</th>
            {channels.includes('push') && <th scope="col">{t('colPush')}</th>}
          </tr>
        </thead>
        <tbody>
          {typesFor(user, NOTIFICATION_TYPES).map((type) => {
            const pref = byType.get(type);
            if (!pref) return null;
            const label = t(NOTIFICATION_TYPE_LABELS[type]);
            return (
              <tr key={type}>
                <th scope="row">{label}</th>
                {channels.map((ch) => (
                  <td key={ch}>
                    <Switch
                      size="small"
                      checked={pref[ch]}
                      loading={saving === `${type}:${ch}`}
                      disabled={saving !== null}
                      aria-label={t(SWITCH_LABEL[ch], { type: label })}
                      onChange={(on) => void save(pref, ch, on)}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
