'use client';
/**
 * In place of the payout request form of a creator without tax details: the API refuses payout
 * requests without them (422 `tax_details_required`, modules/taxes), so the page says what is
 * needed and links to the form instead of offering a button that would be refused.
 */
import Link from 'next/link';
import useSWR from 'swr';
import { Button, Card, Result } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, routeKey } from '@/lib/api';
import { ErrorState } from '@/components/states';
import { moneyCss as css } from '@/components/money/money-ui';

/** Whether the caller has given tax details: undefined while loading. */
export function useTaxDetailsGiven() {
  const r = useSWR(routeKey(routes.taxes.get), () => call(routes.taxes.get));
  return { given: r.error ? undefined : r.isLoading ? undefined : r.data !== null && r.data !== undefined, error: r.error as unknown, retry: () => void r.mutate() };
}

export default function PayoutTaxCta({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  if (error) {
    return (
      <Card className={css.block}>
        <ErrorState title="Your tax details didn't load" message={errorText(error)} onRetry={onRetry} />
      </Card>
    );
  }
  return (
    <Card className={css.block} aria-labelledby="payout-tax-title">
      <Result
        icon={<AuditOutlined />}
        title={
          <h2 id="payout-tax-title" className={css.sectionTitle}>
            Tax details are required before your first payout
          </h2>
        }
        subTitle="We need your legal name, your tax identification number, your address and your signed certification: the W-9 if you are a US citizen or resident, the W-8BEN otherwise. They are stored encrypted."
        extra={
          <Link href="/creator/tax-details">
            <Button type="primary">Add your tax details</Button>
          </Link>
        }
      />
    </Card>
  );
}
