'use client';
/**
 * /admin/promos: the promos/banners (GET /admin/site-promo; position and state filters, table state
 * in the URL); New promo / Edit open PromoForm; Delete confirms (DELETE /admin/site-promo/{id}).
 */
import { useState } from 'react';
import { App, Button, Card, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Promo } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { fullDate } from '@/lib/format';
import { EmptyState } from '@/components/states';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import PromoForm, { POSITION_OPTIONS } from './PromoForm';
import css from './admin-site.module.css';

const STATE_OPTIONS = [
  { value: 'running', label: 'Running now' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'ended', label: 'Ended' },
];
const pick = <T extends string>(opts: Array<{ value: T }>, v: string | undefined) => (opts.some((o) => o.value === v) ? (v as T) : undefined);

/** Where a promo's window stands now. */
function StateTag({ p }: { p: Promo }) {
  const now = Date.now();
  if (Date.parse(p.startAt) > now) return <Tag color="blue">Scheduled</Tag>;
  if (Date.parse(p.endAt) <= now) return <Tag>Ended</Tag>;
  return <Tag color="green">Running</Tag>;
}

export default function AdminPromos() {
  const { modal, message } = App.useApp();
  const table = useRouteTable(routes.site.adminPromos, {
    sortBy: 'updatedAt',
    query: (api, { filters }) => ({ ...api, position: pick(POSITION_OPTIONS, filters.position), state: pick(STATE_OPTIONS, filters.state) }),
  });
  const { t, mutate } = table;
  const position = pick(POSITION_OPTIONS, t.query.filters.position);
  const state = pick(STATE_OPTIONS, t.query.filters.state);
  const [editing, setEditing] = useState<{ promo: Promo | null } | null>(null);

  const remove = (p: Promo) =>
    modal.confirm({
      title: `Delete the promo “${p.title}”?`,
      content: 'It leaves the home page at once.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(routes.site.adminPromoRemove, { params: { id: p._id } });
          message.success('Promo deleted');
          void mutate();
        } catch (e) {
          message.error(errorText(e));
        }
      },
    });

  return (
    <div className="container page">
      <div className={css.headerRow}>
        <div>
          <h1 className="page-title">Promos</h1>
          <p className="page-lead">Banners on the home page, each shown from its start until its end.</p>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ promo: null })}>
          New promo
        </Button>
      </div>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter promos" className={css.toolbar}>
          <Select aria-label="Position" placeholder="Any position" allowClear value={position} onChange={(v) => t.set({ position: v ?? null })} options={POSITION_OPTIONS} className={css.filter} />
          <Select aria-label="State" placeholder="Any state" allowClear value={state} onChange={(v) => t.set({ state: v ?? null })} options={STATE_OPTIONS} className={css.filter} />
        </FilterBar>
        <QueryTable<Promo>
          table={table}
          errorTitle="Promos didn't load"
          totalLabel={(n) => (n === 1 ? '1 promo' : `${n} promos`)}
          empty={<EmptyState title="No promos" description={position || state ? 'Nothing matches these filters.' : 'Add a banner to the home page.'} />}
          cardsLabel="Promos list"
          size="middle"
          scroll={{ x: 900 }}
          onRow={(p) => ({ 'aria-label': `Promo ${p.title}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'image', title: 'Picture', width: 140, render: (_, p) =>
                // eslint-disable-next-line @next/next/no-img-element -- a public file of the API, already fitted by it
                p.imageUrl ? <img src={p.imageUrl} alt="" className={css.thumb} /> : '—',
            },
            { key: 'title', title: 'Title', dataIndex: 'title', render: (v: string, p) => <Typography.Text ellipsis={{ tooltip: p.link || v }} className={css.ellipsis}>{v}</Typography.Text> },
            { key: 'position', title: 'Position', dataIndex: 'position', width: 150, render: (v: string) => POSITION_OPTIONS.find((o) => o.value === v)?.label ?? v },
            { key: 'state', title: 'State', width: 110, render: (_, p) => <StateTag p={p} /> },
            { key: 'startAt', title: 'Starts', dataIndex: 'startAt', width: 170, sorter: true, sortOrder: t.sortOrder('startAt'), render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            { key: 'endAt', title: 'Ends', dataIndex: 'endAt', width: 170, sorter: true, sortOrder: t.sortOrder('endAt'), render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            {
              key: 'actions',
              title: 'Actions',
              width: 100,
              render: (_, p) => (
                <Space size={4}>
                  <Button size="small" type="text" icon={<EditOutlined />} aria-label={`Edit ${p.title}`} title="Edit" onClick={() => setEditing({ promo: p })} />
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${p.title}`} title="Delete" onClick={() => remove(p)} />
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing && (
        <PromoForm
          key={editing.promo?._id ?? 'new'}
          promo={editing.promo}
          open
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void mutate();
          }}
        />
      )}
    </div>
  );
}
