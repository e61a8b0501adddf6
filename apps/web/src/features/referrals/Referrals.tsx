'use client';
/**
 * /creator/referrals (issue 30 §5; API modules/referrals README): the creator's referral link with
 * a copy button, the programme's terms now, what referrals earned them, and the creators who signed
 * up through the link (GET /referrals/me, paginated; the table's page in the URL).
 */
import { useCopyLink } from '@/lib/use-copy-link';
import Link from 'next/link';
import { Button, Card, Input, Skeleton, Space } from 'antd';
import { CopyOutlined, LineChartOutlined } from '@ant-design/icons';
import { referralPath, type MyReferral, type ReferralStatus } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { plural } from '@/lib/format';
import { EmptyState } from '@/components/states';
import { Money, MoneyUserCell, StatGrid, moneyCss as css, shortDate } from '@/components/money/money-ui';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import { ReferralStatusTag } from './ReferralStatusTag';


export default function Referrals() {
  const list = useRouteTable(routes.referrals.mine, { sortBy: 'createdAt' });
  const page = list.data as (typeof list.data & { code?: string | null; enabled?: boolean; sharePercentage?: number; months?: number; earned?: number }) | undefined;
  const link = page?.code ? `${typeof window === 'undefined' ? '' : window.location.origin}${referralPath(page.code)}` : null;

  const copyLink = useCopyLink();
  const copy = () => copyLink(link);

  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Referrals</h1>
          <p className="page-lead">Invite other creators. While they earn here, you earn a share of the site&apos;s commission on their sales.</p>
        </div>
        <Link href="/creator/earnings">
          <Button icon={<LineChartOutlined />}>Earnings</Button>
        </Link>
      </div>

      <Card className={css.block} title={<h2 className={css.sectionTitle}>Your referral link</h2>}>
        {!page ? (
          <Skeleton active paragraph={{ rows: 2 }} title={false} aria-busy="true" aria-label="Loading" />
        ) : page.enabled && link ? (
          <>
            <Space.Compact block>
              <Input readOnly value={link} aria-label="Your referral link" onFocus={(e) => e.target.select()} />
              <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
                Copy link
              </Button>
            </Space.Compact>
            <p className="muted" style={{ marginTop: 12, marginBottom: 0 }}>
              A creator who signs up through this link earns you {page.sharePercentage}% of the site&apos;s commission on their sales for {plural(page.months ?? 0, 'month')} from their sign-up.
            </p>
          </>
        ) : (
          <EmptyState title="Referrals are off" description="The site is not running its referral programme right now. What you earned stays yours." />
        )}
      </Card>

      <h2 className={css.srOnly}>Totals</h2>
      <StatGrid
        label="Referral totals"
        loading={!page}
        items={[
          { key: 'earned', label: 'Earned from referrals', value: page?.earned, hint: 'All time, after refunds', highlight: true },
        ]}
      />

      <Card styles={{ body: { padding: 12 } }}>
        <div className={`${css.toolbar} ${css.tableBar}`}>
          <h2 className={css.sectionTitle}>Creators you referred</h2>
        </div>
        <QueryTable<MyReferral>
          table={list}
          errorTitle="Your referrals didn't load"
          totalLabel={(n) => plural(n, 'creator')}
          empty={<EmptyState title="No referred creators yet" description="Share your link: creators who sign up through it appear here with what they earned you." />}
          cardsLabel="Referrals list"
          scroll={{ x: 640 }}
          size="middle"
          columns={[
            { key: 'referred', title: 'Creator', dataIndex: 'referred', render: (u: MyReferral['referred']) => <MoneyUserCell user={u} /> },
            { key: 'since', title: 'Since', dataIndex: 'since', width: 130, render: (v: string) => <span className={css.nowrap}>{shortDate(v)}</span> },
            { key: 'until', title: 'Until', dataIndex: 'until', width: 130, render: (v: string) => <span className={css.nowrap}>{shortDate(v)}</span> },
            { key: 'status', title: 'Status', dataIndex: 'status', width: 100, render: (v: ReferralStatus) => <ReferralStatusTag status={v} /> },
            { key: 'earned', title: 'Earned', dataIndex: 'earned', align: 'right', width: 120, render: (v: number) => <Money value={v} strong /> },
          ]}
        />
      </Card>
    </div>
  );
}
