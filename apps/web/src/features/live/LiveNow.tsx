'use client';
/**
 * "Live now": the creators streaming at the moment (GET /streaming/user/search, newest first), each
 * a card linking to /live/<username>; refreshed when a creator goes live or ends
 * ('stream/status'). Nothing is shown while nobody is live.
 */
import Link from 'next/link';
import { Avatar } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useFormat } from '@/lib/format';
import { useSocketEvent } from '@/lib/socket';
import { useRoute } from '@/lib/swr';
import LiveBadge from './LiveBadge';
import css from './live.module.css';

export const LIVE_NOW_LIMIT = 12;

export default function LiveNow() {
  const t = useTranslations('liveWatch');
  const f = useFormat();
  const { data, mutate } = useRoute(routes.streaming.search, { query: { limit: LIVE_NOW_LIMIT } });
  useSocketEvent('stream/status', (e) => {
    if (e.type !== 'private') void mutate();
  });
  const live = (data?.data ?? []).filter((s) => s.status === 'live' && s.type !== 'private');
  if (!live.length) return null;
  return (
    <section className={css.strip} aria-labelledby="live-now-title">
      <div className={css.stripHead}>
        <h2 id="live-now-title" className={css.stripTitle}>
          <LiveBadge /> {t('liveNow')}
        </h2>
      </div>
      <ul className={css.cards} data-testid="live-now">
        {live.map((s) => {
          const p = s.performer;
          const name = p?.name || p?.username || t('creator');
          return (
            <li key={s._id}>
              <Link href={`/live/${p?.username || s.performerId}`} prefetch={false} className={css.card} aria-label={t('cardLabel', { name, title: s.title })}>
                <span className={css.cardTop}>
                  <Avatar src={p?.avatar || DEFAULT_AVATAR} alt="" size={36} />
                  <span className={css.cardName}>{name}</span>
                </span>
                <span className={css.cardTitle}>{s.title}</span>
                <span className={css.cardMeta}>
                  <span>{s.type === 'group' && s.price !== null ? t('ticketPrice', { price: f.money(s.price) }) : s.access === 'subscribers' ? t('forSubscribersShort') : t('freeForFollowers')}</span>
                  <span>
                    <EyeOutlined /> {f.compactNumber(s.viewerCount)}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
