'use client';
/**
 * A creator's tax details and earnings statements in the console (issue 29 §4). Both are the
 * creator's private data: opening them is an audited read — the console's reason dialog asks why
 * (GET /admin/performers/{id}/tax-details; the statement downloads), and the tax id stays masked.
 */
import { useState } from 'react';
import { Button, Card, Select, Space } from 'antd';
import { EyeOutlined, FilePdfOutlined, FileTextOutlined } from '@ant-design/icons';
import type { TaxDetailsView as View } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, routeHref } from '@/lib/api';
import TaxDetailsView from '@/features/taxes/TaxDetailsView';
import { useStatementDownload, useStatementPeriod } from '@/features/earnings/useStatementPeriod';
import page from './admin-users.module.css';
import css from './creator-tax.module.css';

export default function CreatorTaxCard({ id, name, since }: { id: string; name: string; since?: string }) {
  const [tax, setTax] = useState<{ view: View | null } | null>(null);
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const p = useStatementPeriod(since ? new Date(since).getUTCFullYear() : undefined);
  const { busy, download } = useStatementDownload(p.period, (period, format) => routeHref(routes.earnings.adminStatementFile, { params: { id, period, format } }));

  const open = async () => {
    setOpening(true);
    setFailure(null);
    try {
      setTax({ view: await call(routes.taxes.adminGet, { params: { id } }) });
    } catch (e) {
      setFailure(errorText(e, "The tax details didn't load"));
    } finally {
      setOpening(false);
    }
  };

  return (
    <Card title="Tax details and statements" className={page.section}>
      <h3 className={css.subTitle}>Tax details</h3>
      {tax ? (
        tax.view ? (
          <TaxDetailsView view={tax.view} label={`Tax details of ${name}`} />
        ) : (
          <p className="muted">{name} has not given tax details yet: payout requests are refused until they do.</p>
        )
      ) : (
        <>
          <p className="muted">Private: opening them is recorded with the reason you give. The tax id is shown masked.</p>
          <Button icon={<EyeOutlined />} loading={opening} onClick={() => void open()}>
            Show tax details
          </Button>
        </>
      )}
      {failure && (
        <p role="alert" className={css.error}>
          {failure}
        </p>
      )}
      <h3 className={`${css.subTitle} ${css.gap}`}>Earnings statements</h3>
      <Space wrap>
        <Select aria-label="Statement year" value={p.year} onChange={p.setYear} options={p.yearOptions} className={css.periodSelect} />
        <Select aria-label="Statement month" value={p.month} onChange={p.setMonth} options={p.monthOptions} className={css.periodSelect} />
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
