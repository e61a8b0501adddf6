'use client';
/**
 * /creator/tip-menu (issue 31 §2; API modules/tipmenu README): the creator's menu items — add,
 * edit, active toggle, move up/down, delete — with per-item figures (orders, revenue), and the
 * orders queue, pending first, with "Mark done".
 */
import { useState } from 'react';
import { App, Button, Card, Popconfirm, Skeleton, Space, Switch, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { TIP_MENU_MAX_ITEMS, TIP_MENU_ORDER_STATUS_LABELS, type TipMenuItem, type TipMenuOrder } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { money, plural } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { EmptyState, ErrorState } from '@/components/states';
import { MoneyUserCell, StatGrid, moneyCss, shortDate } from '@/components/money/money-ui';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import TipMenuItemForm from './TipMenuItemForm';
import css from './tipmenu.module.css';

export default function TipMenu() {
  const { message } = App.useApp();
  const items = useRoute(routes.tipmenu.mine);
  const orders = useRouteTable(routes.tipmenu.received, { query: (q) => ({ offset: q.offset, limit: q.limit }) });
  const [editing, setEditing] = useState<TipMenuItem | 'new' | null>(null);
  const rows = items.data ?? [];

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      message.success(done);
      void items.mutate();
    } catch (e) {
      message.error(errorText(e));
    }
  };
  const move = (i: number, by: number) => {
    const ids = rows.map((r) => r._id);
    const [id] = ids.splice(i, 1);
    ids.splice(i + by, 0, id!);
    return act(() => call(routes.tipmenu.reorder, { body: { ids } }), 'Order saved');
  };
  const markDone = async (o: TipMenuOrder) => {
    try {
      await call(routes.tipmenu.done, { params: { id: o._id } });
      message.success(`${o.itemName} marked done`);
      void orders.mutate();
    } catch (e) {
      message.error(errorText(e));
    }
  };

  return (
    <div className="container page">
      <div className={moneyCss.head}>
        <div>
          <h1 className="page-title">Tip menu</h1>
          <p className="page-lead">Items fans order from your profile, your conversations and your live streams. Each order is a tip; mark it done when you have delivered it.</p>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} disabled={rows.length >= TIP_MENU_MAX_ITEMS}>
          Add item
        </Button>
      </div>

      <StatGrid
        label="Tip menu totals"
        loading={!items.data}
        items={[
          { key: 'items', label: 'Items', value: rows.length, plain: true },
          { key: 'orders', label: 'Orders', value: rows.reduce((n, i) => n + (i.orders ?? 0), 0), plain: true },
          { key: 'revenue', label: 'Revenue', value: rows.reduce((n, i) => n + (i.revenue ?? 0), 0), hint: 'Before tax', highlight: true },
        ]}
      />

      <h2 className="section-title">Menu</h2>
      <Card styles={{ body: { padding: 12 } }}>
        {items.error ? (
          <ErrorState title="Your tip menu didn't load" onRetry={() => void items.mutate()} />
        ) : !items.data ? (
          <Skeleton active paragraph={{ rows: 4 }} aria-label="Loading your tip menu" />
        ) : rows.length === 0 ? (
          <EmptyState title="Your tip menu is empty" description="Add items like “Shout-out” or “Song request” with a price; fans type the keyword (!song) in your live chat to order." action={<Button type="primary" onClick={() => setEditing('new')}>Add item</Button>} />
        ) : (
          <ul className={css.list} aria-label="Your menu items">
            {rows.map((i, n) => (
              <li key={i._id} className={css.item} data-testid="tip-menu-item">
                <div className={css.itemText}>
                  <div className={css.itemName}>
                    {i.name} {!i.active && <Tag>Hidden</Tag>}
                  </div>
                  <div className={css.itemMeta}>
                    {i.keyword && <span className={css.keyword}>{i.keyword} · </span>}
                    {plural(i.orders ?? 0, 'order')} · {money(i.revenue ?? 0)}
                  </div>
                </div>
                <span className={css.price}>{money(i.price)}</span>
                <div className={css.rowActions}>
                  <Switch size="small" checked={i.active} aria-label={`${i.name} active`} onChange={(active) => void act(() => call(routes.tipmenu.update, { params: { id: i._id }, body: { active } }), active ? 'Shown on your menu' : 'Hidden from your menu')} />
                  <Button size="small" icon={<ArrowUpOutlined />} aria-label={`Move ${i.name} up`} disabled={n === 0} onClick={() => void move(n, -1)} />
                  <Button size="small" icon={<ArrowDownOutlined />} aria-label={`Move ${i.name} down`} disabled={n === rows.length - 1} onClick={() => void move(n, 1)} />
                  <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${i.name}`} onClick={() => setEditing(i)} />
                  <Popconfirm title={`Delete “${i.name}”?`} description="Its past orders stay in your queue." okText="Delete" onConfirm={() => void act(() => call(routes.tipmenu.remove, { params: { id: i._id } }), 'Item deleted')}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${i.name}`} />
                  </Popconfirm>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <h2 className="section-title">Orders</h2>
      <Card styles={{ body: { padding: 12 } }}>
        <QueryTable<TipMenuOrder>
          table={orders}
          errorTitle="Your orders didn't load"
          totalLabel={(n) => plural(n, 'order')}
          empty={<EmptyState title="No orders yet" description="When fans order from your menu, their orders wait here until you mark them done." />}
          cardsLabel="Orders list"
          scroll={{ x: 640 }}
          size="middle"
          columns={[
            { key: 'item', title: 'Item', dataIndex: 'itemName', render: (v: string, o: TipMenuOrder) => <Space direction="vertical" size={0}><strong>{v}</strong>{o.note && <span className="muted">{o.note}</span>}</Space> },
            { key: 'fan', title: 'Fan', dataIndex: 'fan', render: (_: unknown, o: TipMenuOrder) => <MoneyUserCell user={o.fan} /> },
            { key: 'price', title: 'Price', dataIndex: 'price', align: 'right', width: 90, render: (v: number) => money(v) },
            { key: 'date', title: 'Ordered', dataIndex: 'createdAt', width: 120, render: (v: string) => shortDate(v) },
            {
              key: 'status', title: 'Status', dataIndex: 'status', width: 140,
              render: (_: string, o: TipMenuOrder) =>
                o.status === 'pending' ? (
                  <Button size="small" type="primary" icon={<CheckOutlined />} onClick={() => void markDone(o)} aria-label={`Mark ${o.itemName} done`}>
                    Mark done
                  </Button>
                ) : (
                  <Tag color="green">{TIP_MENU_ORDER_STATUS_LABELS.done}</Tag>
                ),
            },
          ]}
        />
      </Card>
      {editing && (
        <TipMenuItemForm
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void items.mutate();
          }}
        />
      )}
    </div>
  );
}
