'use client';
/**
 * A creator's upcoming planned streams on their profile — "Live on <date>" (GET /streaming/planned;
 * issue 31 §3, modules/streaming README "Planned streams"). Nothing when none are planned.
 */
import { CalendarOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { INTL_LOCALE } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useFormat } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import css from './live.module.css';

const when = (iso: string, locale: string) => new Date(iso).toLocaleString(locale, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

export default function ProfilePlannedStreams({ performerId }: { performerId: string }) {
  const t = useTranslations('liveWatch');
  const { locale } = useFormat();
  const { data } = useRoute(routes.plannedStreams.upcoming, { query: { performerId } });
  if (!data?.length) return null;
  return (
    <ul className={css.planned} aria-label={t('plannedStreams')}>
      {data.map((p) => (
        <li key={p._id} className={css.plannedItem}>
          <CalendarOutlined aria-hidden />
          <span>
            <strong>{t('liveOn', { date: when(p.startsAt, INTL_LOCALE[locale]) })}</strong> — {p.type === 'group' ? t('ticketedTitle', { title: p.title }) : p.title}
          </span>
        </li>
      ))}
    </ul>
  );
}
