'use client';
/**
 * /creator/promotions (issue 30 §3; API modules/promotions README): the creator's campaigns and
 * free-trial links with their figures — claims, left, paying subscriptions, revenue — a "New
 * promotion" dialog, copying a link and ending a campaign (GET /promotions/mine, paginated; the
 * table's page in the URL).
 */
import { useCopyLink } from '@/lib/use-copy-link';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { App, Button, Card, Popconfirm, Space, Tag } from 'antd';
import { CopyOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { PROMOTION_AUDIENCE_LABELS, PROMOTION_STATUS_LABELS, type Promotion, type PromotionStatus } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { plural } from '@/lib/format';
import { useCurrentUser } from '@/store';
import { EmptyState } from '@/components/states';
import { Money, StatGrid, moneyCss, shortDate } from '@/components/money/money-ui';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import PromotionBadge from '@/components/promotions/PromotionBadge';
import css from './promotions.module.css';

/** The dialog's code loads when first opened. */
const PromotionForm = dynamic(() => import('./PromotionForm'), { ssr: false });

const STATUS_COLOUR: Record<PromotionStatus, string> = { running: 'green', used_up: 'gold', expired: 'default', ended: 'default' };

export default function Promotions() {
  const { message } = App.useApp();
  const me = useCurrentUser();
  const list = useRouteTable(routes.promotions.mine, { sortBy: 'createdAt' });
  const [creating, setCreating] = useState(false);
  const rows = list.data?.data ?? [];
  const linkOf = (code: string) => `${typeof window === 'undefined' ? '' : window.location.origin}/${me?.username ?? me?._id ?? ''}?trial=${code}`;

  const copyLink = useCopyLink();
  const copy = (code: string) => copyLink(linkOf(code));
  const end = async (p: Promotion) => {
    try {
      await call(routes.promotions.end, { params: { id: p._id } });
      message.success(p.kind === 'trial_link' ? 'Trial link ended' : 'Promotion ended');
      void list.mutate();
    } catch (e) {
      message.error(errorText(e));
    }
  };

  return (
    <div className="container page">
      <div className={moneyCss.head}>
        <div>
          <h1 className="page-title">Promotions</h1>
          <p className="page-lead">Discounts and free trials on your profile, and free-trial links to share. One promotion applies per subscription: the best the fan can claim.</p>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          New promotion
        </Button>
      </div>

      <h2 className={moneyCss.srOnly}>Totals on this page</h2>
      <StatGrid
        label="Promotion totals"
        loading={!list.data}
        items={[
          { key: 'claims', label: 'Claims', value: rows.reduce((n, p) => n + p.claimed, 0), hint: 'On this page', plain: true },
          { key: 'paying', label: 'Paying subscriptions', value: rows.reduce((n, p) => n + p.paying, 0), plain: true },
          { key: 'revenue', label: 'Revenue', value: rows.reduce((n, p) => n + p.revenue, 0), hint: 'What they paid since the claim', highlight: true },
        ]}
      />

      <Card styles={{ body: { padding: 12 } }}>
        <QueryTable<Promotion>
          table={list}
          errorTitle="Your promotions didn't load"
          totalLabel={(n) => plural(n, 'promotion')}
          empty={<EmptyState title="No promotions yet" description="Start a discount or a free trial for new or returning subscribers, or make a free-trial link to share." />}
          cardsLabel="Promotions list"
          scroll={{ x: 720 }}
          size="middle"
          columns={[
            {
              key: 'offer', title: 'Offer', dataIndex: '_id',
              render: (_: string, p: Promotion) => (
                <Space direction="vertical" size={2}>
                  <PromotionBadge promotion={p} withLeft={false} />
                  <span className="muted">{p.kind === 'trial_link' ? 'Trial link' : PROMOTION_AUDIENCE_LABELS[p.audience]}</span>
                  {p.code && (
                    <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(p.code!)} aria-label={`Copy trial link ${p.code}`}>
                      <span className={css.code}>?trial={p.code}</span>
                    </Button>
                  )}
                </Space>
              ),
            },
            {
              key: 'claims', title: 'Claims', dataIndex: 'claimed', width: 100,
              render: (_: number, p: Promotion) => (
                <Space direction="vertical" size={0}>
                  <span aria-label={`${p.claimed} of ${p.maxClaims} claimed`}>{p.claimed} / {p.maxClaims}</span>
                  <span className="muted">{p.left} left</span>
                </Space>
              ),
            },
            { key: 'paying', title: 'Paying', dataIndex: 'paying', width: 76 },
            { key: 'revenue', title: 'Revenue', dataIndex: 'revenue', align: 'right', width: 100, render: (v: number) => <Money value={v} strong /> },
            {
              key: 'ends', title: 'Ends', dataIndex: 'endsAt', width: 130,
              render: (v: string, p: Promotion) => (
                <Space direction="vertical" size={2}>
                  <span className={css.nowrap}>{shortDate(v)}</span>
                  <Tag color={STATUS_COLOUR[p.status]}>{PROMOTION_STATUS_LABELS[p.status]}</Tag>
                </Space>
              ),
            },
            {
              key: 'actions', title: '', dataIndex: '_id', width: 84,
              render: (_: string, p: Promotion) =>
                p.status === 'running' || p.status === 'used_up' ? (
                  <Popconfirm title={p.kind === 'trial_link' ? 'End this trial link?' : 'End this promotion?'} description="No one can claim it after this. Claimed discounts continue." okText="End" onConfirm={() => void end(p)}>
                    <Button size="small" danger icon={<StopOutlined />}>
                      End
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </Card>
      {creating && (
        <PromotionForm
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            void list.mutate();
          }}
        />
      )}
    </div>
  );
}
