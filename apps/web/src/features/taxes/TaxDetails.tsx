'use client';
/**
 * /creator/tax-details: the tax form a creator gives before their first payout (GET/PUT
 * /performers/tax-details; issue 29 §4) — what is saved (masked), then the form to give or
 * replace it. Saving needs two-factor authentication, like bank details (TwoFactorNeeded says so).
 */
import Link from 'next/link';
import useSWR from 'swr';
import { Alert, Button, Card, Skeleton, Space } from 'antd';
import { BankOutlined, LineChartOutlined } from '@ant-design/icons';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, routeKey } from '@/lib/api';
import { useCurrentUser } from '@/store';
import { ErrorState } from '@/components/states';
import { moneyCss } from '@/components/money/money-ui';
import width from '@/components/layouts/page-width.module.css';
import TwoFactorNeeded from '@/features/two-factor/TwoFactorNeeded';
import TaxDetailsForm from './TaxDetailsForm';
import TaxDetailsView from './TaxDetailsView';
import css from './taxes.module.css';

export default function TaxDetails() {
  const user = useCurrentUser();
  const details = useSWR(routeKey(routes.taxes.get), () => call(routes.taxes.get));
  const view = details.data ?? null;
  return (
    <div className={`container page ${width.w860}`}>
      <div className={moneyCss.head}>
        <div>
          <h1 className="page-title">Tax details</h1>
          <p className="page-lead">We need them before your first payout. They are stored encrypted, and your tax identification number is never shown in full again.</p>
        </div>
        <Space wrap>
          <Link href="/creator/earnings">
            <Button icon={<LineChartOutlined />}>Earnings</Button>
          </Link>
          <Link href="/creator/payouts">
            <Button icon={<BankOutlined />}>Payouts</Button>
          </Link>
        </Space>
      </div>
      <TwoFactorNeeded />
      {details.isLoading ? (
        <Card aria-busy="true" aria-label="Loading">
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      ) : details.error ? (
        <Card>
          <ErrorState title="Your tax details didn't load" message={errorText(details.error)} onRetry={() => void details.mutate()} />
        </Card>
      ) : (
        <>
          {view ? (
            <Card className={moneyCss.block} title={<h2 className={moneyCss.sectionTitle}>On file</h2>}>
              <TaxDetailsView view={view} />
            </Card>
          ) : (
            <Alert type="info" showIcon className={css.saved} title="No tax details yet" description="Fill in the form below: US citizens and residents give the W-9, everyone else the W-8BEN. Payouts can be requested once it is saved." />
          )}
          <Card title={<h2 id="tax-form-title" className={moneyCss.sectionTitle}>{view ? 'Update your tax details' : 'Your tax form'}</h2>}>
            <p className={`muted ${css.intro}`}>Saving certifies the form again with today&apos;s date. Saved numbers stay masked: leave them as they are to keep them.</p>
            <TaxDetailsForm view={view} country={user?.country} onSaved={(v) => void details.mutate(v, { revalidate: false })} />
          </Card>
        </>
      )}
    </div>
  );
}
