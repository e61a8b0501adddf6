'use client';
/**
 * The earnings page's statements (issue 29 §4): pick a year (and a month of it), see the
 * statement's figures (GET /earnings/statements?period=) and download it as PDF or CSV
 * (GET /earnings/statements/{period}.{pdf|csv}).
 */
import { Button, Card, Select, Space } from 'antd';
import { FilePdfOutlined, FileTextOutlined } from '@ant-design/icons';
import { routes } from '@stagepass/shared/routes';
import { errorText, routeHref } from '@/lib/api';
import { money } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { useCurrentUser } from '@/store';
import { ErrorState } from '@/components/states';
import { StatGrid, moneyCss as css } from '@/components/money/money-ui';
import { useStatementDownload, useStatementPeriod } from './useStatementPeriod';

export default function Statements() {
  const user = useCurrentUser();
  const p = useStatementPeriod(user?.createdAt ? new Date(user.createdAt).getUTCFullYear() : undefined);
  const statement = useRoute(routes.earnings.statement, { query: { period: p.period } }, { keepPreviousData: true });
  const { busy, download } = useStatementDownload(p.period, (period, format) => routeHref(routes.earnings.statementFile, { params: { period, format } }));
  const s = statement.data;

  return (
    <Card className={css.block} styles={{ body: { padding: 16 } }} aria-labelledby="statements-title">
      <div className={`${css.toolbar} ${css.tableBar}`}>
        <h2 id="statements-title" className={css.sectionTitle}>
          Statements
        </h2>
        <Space wrap>
          <Select aria-label="Statement year" value={p.year} onChange={p.setYear} options={p.yearOptions} className={css.statusFilter} />
          <Select aria-label="Statement month" value={p.month} onChange={p.setMonth} options={p.monthOptions} className={css.statusFilter} />
        </Space>
      </div>
      <p className={`muted ${css.lead}`}>
        Your earnings statement for {p.title}: sales, commission, refunds and disputes, tax withheld and payouts, from your opening to your closing balance (UTC).
      </p>
      {statement.error && !s ? (
        <ErrorState title="The statement didn't load" message={errorText(statement.error)} onRetry={() => void statement.mutate()} />
      ) : (
        <StatGrid
          label={`Statement ${p.title}`}
          loading={!s}
          items={[
            { key: 'statement-opening', label: 'Opening balance', value: s?.openingBalance },
            { key: 'statement-sales', label: 'Sales (net)', value: s?.totals.net, hint: s ? `Gross ${money(s.totals.gross)} · commission ${money(s.totals.commission)}` : undefined },
            { key: 'statement-adjustments', label: 'Refunds and disputes', value: s?.totals.refundsAndDisputes },
            { key: 'statement-tax', label: 'Tax withheld', value: s?.totals.taxWithheld },
            { key: 'statement-payouts', label: 'Payouts', value: s?.totals.payouts },
            { key: 'statement-closing', label: 'Closing balance', value: s?.closingBalance, highlight: true },
          ]}
        />
      )}
      <Space wrap>
        <Button icon={<FilePdfOutlined />} loading={busy === 'pdf'} disabled={busy !== null} onClick={() => void download('pdf')}>
          Download PDF
        </Button>
        <Button icon={<FileTextOutlined />} loading={busy === 'csv'} disabled={busy !== null} onClick={() => void download('csv')}>
          Download CSV
        </Button>
      </Space>
    </Card>
  );
}
