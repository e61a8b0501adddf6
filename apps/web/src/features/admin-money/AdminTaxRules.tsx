'use client';
/**
 * /admin/tax-rules: the sales tax rules (GET /admin/tax-rules, by country; table state in the URL)
 * — `New rule` and `Edit` open TaxRuleDrawer, `Delete` asks first (DELETE /admin/tax-rules/{id}).
 * A region's rule (US state, Canadian province) wins over its country's. Every change is audited
 * by the API. Rules: apps/api modules/taxes README "Sales tax".
 */
import { useState, type HTMLAttributes } from 'react';
import Link from 'next/link';
import { Alert, App, Button, Card, Popconfirm, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { SALE_TAX_KINDS, SALE_TAX_KIND_LABELS, bpsAsPercent, type TaxRule } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { plural } from '@/lib/format';
import { useSettings } from '@/lib/site-context';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import { EmptyState } from '@/components/states';
import TaxRuleDrawer from './TaxRuleDrawer';
import css from './admin-money.module.css';

const place = (r: TaxRule) => (r.region ? `${r.country} — ${r.region}` : `${r.country} (whole country)`);
const kinds = (r: TaxRule) => (r.kinds.length === SALE_TAX_KINDS.length ? 'Every sale' : r.kinds.map((k) => SALE_TAX_KIND_LABELS[k]).join(', '));

export default function AdminTaxRules() {
  const { message } = App.useApp();
  const table = useRouteTable(routes.salesTax.adminRules, { sortBy: 'country', query: (q) => ({ ...q, sortBy: 'country', sort: 'asc' }) });
  const { mutate } = table;
  const [editing, setEditing] = useState<TaxRule | null>(null);
  const [open, setOpen] = useState(false);
  const stripeTax = useSettings().salesTaxEngine === 'stripe_tax';
  const edit = (r: TaxRule | null) => {
    setEditing(r);
    setOpen(true);
  };
  const remove = async (r: TaxRule) => {
    try {
      await call(routes.salesTax.adminDeleteRule, { params: { id: r._id } });
      message.success(`Tax rule for ${place(r)} deleted`);
    } catch (e) {
      message.error(errorText(e));
    }
    void mutate();
  };

  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Tax rules</h1>
          <p className="page-lead">
            Sales tax by the fan&apos;s place: a country, or a US state or Canadian province (which wins over its country). Fans see the tax with every price; it goes to
            the site&apos;s taxes account, never to creators or the commission. <Link href="/admin/taxes/report">Tax report</Link>
          </p>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)}>
          New rule
        </Button>
      </div>
      <Alert
        className={css.engine}
        type={stripeTax ? 'warning' : 'info'}
        showIcon
        title={stripeTax ? 'Stripe Tax is in force: these rules are not applied' : 'These rules are in force'}
        description={
          stripeTax ? (
            <>Stripe works out every sale&apos;s tax; the rules below are kept for when you switch back. Change it in <Link href="/admin/settings?tab=money">Settings → Money → Sales tax engine</Link>.</>
          ) : (
            <>Sales tax engine: your rules. Sites on the Stripe gateway may use Stripe Tax instead (<Link href="/admin/settings?tab=money">Settings → Money</Link>).</>
          )
        }
      />
      <Card styles={{ body: { padding: 12 } }} aria-label={stripeTax ? 'Tax rules (not in force)' : undefined}>
        <QueryTable<TaxRule>
          table={table}
          errorTitle="Tax rules didn't load"
          totalLabel={(n) => plural(n, 'rule')}
          empty={<EmptyState title="No tax rules" description="Sales are untaxed everywhere. Add one with New rule." />}
          cardsLabel="Tax rules list"
          scroll={{ x: 860 }}
          size="middle"
          onRow={(r) => ({ 'aria-label': `Tax rule ${place(r)}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'place', title: 'Place', width: 190, render: (_, r) => <strong>{place(r)}</strong> },
            { key: 'label', title: 'Label', dataIndex: 'label', width: 110 },
            { key: 'rate', title: 'Rate', dataIndex: 'rateBps', align: 'right', width: 80, render: (v: number) => bpsAsPercent(v) },
            { key: 'inclusive', title: 'Prices', dataIndex: 'inclusive', width: 130, render: (v: boolean) => (v ? 'Include the tax' : 'Tax on top') },
            { key: 'kinds', title: 'Applies to', width: 220, render: (_, r) => kinds(r) },
            { key: 'state', title: 'State', width: 110, render: (_, r) => (stripeTax ? <Tag variant="filled">Not in force</Tag> : <Tag color={r.active ? 'green' : 'default'} variant="filled">{r.active ? 'Active' : 'Off'}</Tag>) },
            {
              key: 'actions',
              title: 'Actions',
              width: 110,
              render: (_, r) => (
                <Space size={4}>
                  <Button size="small" icon={<EditOutlined />} aria-label={`Edit tax rule ${place(r)}`} title="Edit" onClick={() => edit(r)} />
                  <Popconfirm title={`Delete the rule for ${place(r)}?`} description="Later sales there are untaxed; past ones keep their tax." okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => remove(r)}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete tax rule ${place(r)}`} title="Delete" />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <TaxRuleDrawer
        open={open}
        rule={editing}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void mutate();
        }}
      />
    </div>
  );
}
