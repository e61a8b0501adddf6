'use client';
/**
 * /creator/banking: where payouts go — the bank account (BankingForm), the payout method
 * (PayoutMethodForm) and Stripe Connect onboarding (StripeConnect).
 */
import Link from 'next/link';
import useSWR from 'swr';
import { Alert, Button, Card, Skeleton } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { routes } from '@stagepass/shared/routes';
import { errorText, routeKey } from '@/lib/api';
import { useSettings } from '@/lib/site-context';
import { ErrorState } from '@/components/states';
import { moneyCss as css } from '@/components/money/money-ui';
import width from '@/components/layouts/page-width.module.css';
import BankingForm from './BankingForm';
import PayoutMethodForm from './PayoutMethodForm';
import StripeConnect from './StripeConnect';
import { getOrNull } from './get-or-null';
import TwoFactorNeeded from '@/features/two-factor/TwoFactorNeeded';

function SectionTitle({ id, title, description }: { id: string; title: string; description?: React.ReactNode }) {
  return (
    <>
      <h2 id={id} className={css.sectionTitle}>
        {title}
      </h2>
      {description && <p className={`muted ${css.sectionLead}`}>{description}</p>}
    </>
  );
}

export default function Banking() {
  const settings = useSettings();
  const stripeAvailable = settings.paymentGateway === 'stripe' && !settings.paymentsSandbox;
  const gateway = useSWR(routeKey(routes.payouts.gatewaySettings), () => getOrNull(routes.payouts.gatewaySettings));

  return (
    <div className={`container page ${width.w1040}`}>
      <div className={css.head}>
        <div>
          <h1 className="page-title">Banking</h1>
          <p className="page-lead">Where your payouts are sent. Only you and the site team can see these details.</p>
        </div>
        <Link href="/creator/payouts">
          <Button icon={<WalletOutlined />}>Payouts</Button>
        </Link>
      </div>
      <TwoFactorNeeded />
      <div className={css.twoCol}>
        <Card styles={{ body: { padding: 24 } }}>
          <SectionTitle id="banking-title" title="Bank account" description="The account we transfer your payouts to." />
          <BankingForm />
        </Card>
        <div className={css.column}>
          <Card styles={{ body: { padding: 24 } }}>
            <SectionTitle id="payout-method-title" title="Payout method" description="How you want to receive your money." />
            {gateway.isLoading ? (
              <Skeleton active paragraph={{ rows: 5 }} />
            ) : gateway.error ? (
              <ErrorState title="Your payout method didn't load" message={errorText(gateway.error)} onRetry={() => void gateway.mutate()} />
            ) : (
              <PayoutMethodForm view={gateway.data ?? null} stripeAvailable={stripeAvailable} onSaved={(v) => void gateway.mutate(v ?? undefined, { revalidate: !v })} />
            )}
          </Card>
          <Card styles={{ body: { padding: 24 } }}>
            <SectionTitle id="stripe-title" title="Stripe" />
            {stripeAvailable ? (
              gateway.isLoading ? (
                <Skeleton active paragraph={{ rows: 2 }} />
              ) : (
                <StripeConnect view={gateway.data ?? null} />
              )
            ) : (
              <Alert
                type="info"
                showIcon
                title={settings.paymentsSandbox ? 'Test payments are on' : 'Stripe payouts are not enabled'}
                description={
                  settings.paymentsSandbox
                    ? 'This site runs with test payments, so there is no Stripe account to connect: approved payouts are paid by hand by the site team to your bank account or PayPal.'
                    : 'Approved payouts are paid by hand by the site team to your bank account or PayPal.'
                }
              />
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
