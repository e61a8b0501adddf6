'use client';
import { useState } from 'react';
import { Button, Skeleton, Tag } from 'antd';
import { TIP_MENU_ORDER_STATUS_LABELS, type TipMenuItem, type TipMenuOrder } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import { money } from '@/lib/format';
import { useCurrentUser } from '@/store';
import TipMenuOrderModal from './TipMenuOrderModal';
import { useTipMenu } from './useTipMenu';
import css from './tipmenu.module.css';

export function TipMenuItems({ items, onOrder, canOrder }: { items: TipMenuItem[]; onOrder: (i: TipMenuItem) => void; canOrder: boolean }) {
  return (
    <ul className={css.list} aria-label="Tip menu items">
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
          <span className={css.price}>{money(i.price)}</span>
          {canOrder && (
            <Button size="small" type="primary" onClick={() => onOrder(i)} aria-label={`Order ${i.name}`}>
              Order
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The fan's latest orders from this creator with their status (pending / done). */
function MyOrders({ performerId }: { performerId: string }) {
  const mine = useRoute(routes.tipmenu.myOrders, { query: { performerId, limit: 5, offset: 0 } });
  const rows = mine.data?.data ?? [];
  if (!rows.length) return null;
  return (
    <div className={css.mine}>
      <h3 className={css.mineTitle}>Your orders</h3>
      <ul className={css.list} aria-label="Your tip menu orders">
        {rows.map((o) => (
          <li key={o._id} className={css.mineRow}>
            <span className={css.itemName}>{o.itemName}</span>
            <span className={css.itemMeta}>{money(o.price)}</span>
            <Tag color={o.status === 'done' ? 'green' : 'gold'}>{TIP_MENU_ORDER_STATUS_LABELS[o.status]}</Tag>
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
export default function TipMenuPanel({ performer, streamId, title = 'Tip menu', open, onOpenChange, onOrdered, showMine = false }: {
  performer: { _id: string; name: string };
  /** Also list the fan's own orders from this creator with their status (the profile). */
  showMine?: boolean;
  streamId?: string;
  title?: string | null;
  open?: TipMenuItem | null;
  onOpenChange?: (i: TipMenuItem | null) => void;
  onOrdered?: (o: TipMenuOrder) => void;
}) {
  const me = useCurrentUser();
  const menu = useTipMenu(performer._id);
  const [own, setOwn] = useState<TipMenuItem | null>(null);
  const chosen = open !== undefined ? open : own;
  const choose = onOpenChange ?? setOwn;
  const items = menu.data ?? [];
  if (menu.isLoading) return <Skeleton active paragraph={{ rows: 2 }} aria-label="Loading the tip menu" />;
  if (!items.length) return null;
  return (
    <section className={css.section} aria-label={title ?? 'Tip menu'}>
      {title && <h2 className="section-title">{title}</h2>}
      <TipMenuItems items={items} canOrder={!!me && !me.isPerformer} onOrder={choose} />
      {showMine && me && !me.isPerformer && <MyOrders performerId={performer._id} />}
      <TipMenuOrderModal performerName={performer.name} item={chosen} streamId={streamId} onClose={() => choose(null)} onOrdered={onOrdered} />
    </section>
  );
}
