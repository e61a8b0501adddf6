'use client';
import { useState } from 'react';
import { Button, Skeleton, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import type { TipMenuItem, TipMenuOrder, TipMenuOrderStatus } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import { useFormat } from '@/lib/format';
import { useCurrentUser } from '@/store';
import TipMenuOrderModal from './TipMenuOrderModal';
import { useTipMenu } from './useTipMenu';
import css from './tipmenu.module.css';

/** Each order status in the profile messages (the tip menu is part of a creator's profile; live and messages pages send the namespace too). */
const STATUS_KEYS = { pending: 'tipStatusPending', done: 'tipStatusDone' } as const satisfies Record<TipMenuOrderStatus, string>;

export function TipMenuItems({ items, onOrder, canOrder }: { items: TipMenuItem[]; onOrder: (i: TipMenuItem) => void; canOrder: boolean }) {
  const t = useTranslations('profile');
  const fmt = useFormat();
  return (
    <ul className={css.list} aria-label={t('tipItems')}>
      {items.map((i) => (
        <li key={i._id} className={css.item}>
          <div className={css.itemText}>
            <div className={css.itemName}>{i.name}</div>
            {(i.description || i.keyword) && (
              <div className={css.itemMeta}>
                {i.description}
                {i.description && i.keyword ? ' · ' : ''}
                {i.keyword && <span className={css.keyword}>{i.keyword}</span>}
              </div>
            )}
          </div>
          <span className={css.price}>{fmt.money(i.price)}</span>
          {canOrder && (
            <Button size="small" type="primary" onClick={() => onOrder(i)} aria-label={t('tipOrderItem', { name: i.name })}>
              {t('tipOrder')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The fan's latest orders from this creator with their status (pending / done). */
function MyOrders({ performerId }: { performerId: string }) {
  const t = useTranslations('profile');
  const fmt = useFormat();
  const mine = useRoute(routes.tipmenu.myOrders, { query: { performerId, limit: 5, offset: 0 } });
  const rows = mine.data?.data ?? [];
  if (!rows.length) return null;
  return (
    <div className={css.mine}>
      <h3 className={css.mineTitle}>{t('tipYourOrders')}</h3>
      <ul className={css.list} aria-label={t('tipYourOrdersLabel')}>
        {rows.map((o) => (
          <li key={o._id} className={css.mineRow}>
            <span className={css.itemName}>{o.itemName}</span>
            <span className={css.itemMeta}>{fmt.money(o.price)}</span>
            <Tag color={o.status === 'done' ? 'green' : 'gold'}>{t(STATUS_KEYS[o.status])}</Tag>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The tip menu where fans buy: the profile's section, the live stream's side panel, the
 * conversation's menu dialog. `open` (controlled from outside, e.g. a chat keyword) opens an item's dialog.
 */
export default function TipMenuPanel({ performer, streamId, title, open, onOpenChange, onOrdered, showMine = false }: {
  performer: { _id: string; name: string };
  /** Also list the fan's own orders from this creator with their status (the profile). */
  showMine?: boolean;
  streamId?: string;
  /** The heading (default "Tip menu"); null: none (inside a dialog that names it). */
  title?: string | null;
  open?: TipMenuItem | null;
  onOpenChange?: (i: TipMenuItem | null) => void;
  onOrdered?: (o: TipMenuOrder) => void;
}) {
  const me = useCurrentUser();
  const t = useTranslations('profile');
  const heading = title === undefined ? t('tipMenu') : title;
  const menu = useTipMenu(performer._id);
  const [own, setOwn] = useState<TipMenuItem | null>(null);
  const chosen = open !== undefined ? open : own;
  const choose = onOpenChange ?? setOwn;
  const items = menu.data ?? [];
  if (menu.isLoading) return <Skeleton active paragraph={{ rows: 2 }} aria-label={t('tipLoading')} />;
  if (!items.length) return null;
  return (
    <section className={css.section} aria-label={heading ?? t('tipMenu')}>
      {heading && <h2 className="section-title">{heading}</h2>}
      <TipMenuItems items={items} canOrder={!!me && !me.isPerformer} onOrder={choose} />
      {showMine && me && !me.isPerformer && <MyOrders performerId={performer._id} />}
      <TipMenuOrderModal performerName={performer.name} item={chosen} streamId={streamId} onClose={() => choose(null)} onOrdered={onOrdered} />
    </section>
  );
}
