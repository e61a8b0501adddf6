'use client';
/** Stripe Connect onboarding (POST /stripe/accounts → redirect), only with the live Stripe gateway. */
import { useState } from 'react';
import { App, Button, Tag } from 'antd';
import { CheckCircleFilled, LinkOutlined } from '@ant-design/icons';
import { MESSAGES, type PaymentGatewaySettingsView } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { moneyCss as css } from '@/components/money/money-ui';

export default function StripeConnect({ view }: { view: PaymentGatewaySettingsView | null }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    try {
      const here = `${window.location.origin}/creator/banking`;
      const r = await call(routes.payments.stripeAccount, { body: { returnUrl: `${here}?stripe=return`, refreshUrl: `${here}?stripe=refresh` } });
      window.location.assign(r.url);
    } catch (e) {
      message.error(errorText(e, MESSAGES.updateFailed));
      setBusy(false);
    }
  };
  const connected = Boolean(view?.stripeAccountId);
  return (
    <div>
      {connected && (
        <p className={css.para}>
          {view?.stripePayoutsEnabled ? (
            <Tag color="success" icon={<CheckCircleFilled />}>
              Stripe connected — payouts enabled
            </Tag>
          ) : (
            <Tag color="warning">Stripe setup not finished</Tag>
          )}
        </p>
      )}
      <p className={`muted ${css.para}`}>
        {connected && view?.stripePayoutsEnabled
          ? 'Approved payouts are sent to your Stripe account. You can update your details on Stripe at any time.'
          : 'Stripe verifies your identity and bank account once; approved payouts are then sent to it automatically.'}
      </p>
      <Button type={connected && view?.stripePayoutsEnabled ? 'default' : 'primary'} icon={<LinkOutlined />} loading={busy} onClick={connect}>
        Connect with Stripe
      </Button>
    </div>
  );
}
