'use client';
/**
 * /admin/taxes/report: sales tax collected, refunded (card refunds, wallet refunds, disputes; a won
 * dispute gives back) and net, by month (UTC) and place, for the months chosen
 * (GET /admin/taxes/report?from&to; the period in the URL), and its CSV download
 * (GET /admin/taxes/report.csv). Summed by the API from the ledger's taxes account.
 */
import { useState } from 'react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Alert, App, Button, Card, Skeleton } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { taxReportQuerySchema, type TaxReportRow } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText, routeHref } from '@/lib/api';
import { downloadFromApi } from '@/lib/download';
import { money } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import ResponsiveTable from '@/components/list/ResponsiveTable';
import { EmptyState, ErrorState } from '@/components/states';
import css from './admin-money.module.css';

const thisMonth = () => new Date().toISOString().slice(0, 7);
const januaryOf = (month: string) => `${month.slice(0, 4)}-01`;
const monthLabel = (m: string) => new Date(`${m}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export default function AdminTaxReport() {
  const { message } = App.useApp();
  const router = useRouter();
  const pathname = usePathname();
  const sp = useSearchParams();
  const to = sp.get('to') || thisMonth();
  const from = sp.get('from') || januaryOf(to);
  const period = taxReportQuerySchema.safeParse({ from, to });
  const report = useRoute(routes.salesTax.adminReport, period.success ? { query: period.data } : null);
  const [exporting, setExporting] = useState(false);

  const setPeriod = (next: { from?: string; to?: string }) => {
    const q = new URLSearchParams(sp.toString());
    for (const [k, v] of Object.entries(next)) if (v) q.set(k, v);
    router.replace(`${pathname}?${q.toString()}`);
  };
  const download = async () => {
    if (!period.success) return;
    setExporting(true);
    try {
      await downloadFromApi(routeHref(routes.salesTax.adminReportCsv, { query: period.data }), `sales-tax-${period.data.from}-to-${period.data.to}.csv`);
      message.success('Tax report downloaded');
    } catch (e) {
      message.error(errorText(e, 'The download failed, please try again later'));
    } finally {
      setExporting(false);
    }
  };

  const data = report.data;
  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Tax report</h1>
          <p className="page-lead">
            Sales tax collected with fans&apos; purchases, less what refunds and disputes gave back, by month and place. Rates and places are set in <Link href="/admin/tax-rules">Tax rules</Link>.
          </p>
        </div>
        <Button icon={<DownloadOutlined />} onClick={() => void download()} loading={exporting} disabled={!period.success}>
          Download CSV
        </Button>
      </div>
      <Card styles={{ body: { padding: 12 } }}>
        <div className={css.formRow} role="group" aria-label="Period">
          <div className={css.periodField}>
            <label htmlFor="tax-from">From (month)</label>
            <input id="tax-from" type="month" value={from} max={to} onChange={(e) => setPeriod({ from: e.target.value })} />
          </div>
          <div className={css.periodField}>
            <label htmlFor="tax-to">To (month)</label>
            <input id="tax-to" type="month" value={to} min={from} onChange={(e) => setPeriod({ to: e.target.value })} />
          </div>
        </div>
        {!period.success ? (
          <Alert type="error" showIcon className={css.alert} title={period.error.issues[0]?.message ?? 'Choose a period'} />
        ) : report.error ? (
          <ErrorState title="The tax report didn't load" message={errorText(report.error)} onRetry={() => void report.mutate()} />
        ) : !data ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : data.rows.length === 0 ? (
          <EmptyState title="No sales tax in this period" description="Taxed sales, refunds and disputes of these months show here." />
        ) : (
          <>
            <dl className={css.totals} aria-label="Totals">
              <div>
                <dt>Collected</dt>
                <dd data-testid="tax-collected">{money(data.totals.collected)}</dd>
              </div>
              <div>
                <dt>Refunded</dt>
                <dd>{money(data.totals.refunded)}</dd>
              </div>
              <div>
                <dt>Net</dt>
                <dd>{money(data.totals.net)}</dd>
              </div>
            </dl>
            <ResponsiveTable<TaxReportRow>
              cardsLabel="Tax report rows"
              rowKey={(r) => `${r.month}:${r.country}:${r.region ?? ''}`}
              dataSource={data.rows}
              pagination={false}
              size="middle"
              scroll={{ x: 640 }}
              columns={[
                { key: 'month', title: 'Month', dataIndex: 'month', render: (m: string) => monthLabel(m) },
                { key: 'place', title: 'Place', render: (_, r) => (r.region ? `${r.country} — ${r.region}` : r.country) },
                { key: 'collected', title: 'Collected', dataIndex: 'collected', align: 'right', render: (v: number) => money(v) },
                { key: 'refunded', title: 'Refunded', dataIndex: 'refunded', align: 'right', render: (v: number) => money(v) },
                { key: 'net', title: 'Net', dataIndex: 'net', align: 'right', render: (v: number) => <strong>{money(v)}</strong> },
              ]}
            />
          </>
        )}
      </Card>
    </div>
  );
}
