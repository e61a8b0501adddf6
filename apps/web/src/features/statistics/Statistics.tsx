'use client';
/**
 * /creator/statistics (issue 31 §5): the creator's earnings, audience and content figures for a
 * period (the last 7, 30, 90 or 365 UTC days) compared with the period before, from the
 * statistics rollups; each tab downloads its figures as CSV. `site`: the operator's site-wide
 * figures (the console's dashboard), the same screens over every creator, with the site-wide CSVs.
 */
import { useMemo, useState } from 'react';
import { App, Button, Segmented, Tabs } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { routes } from '@stagepass/shared/routes';
import { routeHref } from '@/lib/api';
import { downloadFromApi } from '@/lib/download';
import { PERIODS, lastDays, type PeriodDays } from './period';
import EarningsTab from './EarningsTab';
import AudienceTab from './AudienceTab';
import ContentTab from './ContentTab';
import css from './statistics.module.css';

type Tab = 'earnings' | 'audience' | 'content';
const CSV = { earnings: routes.statistics.earningsCsv, audience: routes.statistics.audienceCsv, content: routes.statistics.contentCsv } as const;
const SITE_CSV = { earnings: routes.statistics.siteEarningsCsv, audience: routes.statistics.siteAudienceCsv, content: routes.statistics.siteContentCsv } as const;

export function StatisticsPanels({ site = false }: { site?: boolean }) {
  const { message } = App.useApp();
  const [days, setDays] = useState<PeriodDays>(30);
  const [tab, setTab] = useState<Tab>('earnings');
  const [busy, setBusy] = useState(false);
  const period = useMemo(() => lastDays(days), [days]);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFromApi(routeHref((site ? SITE_CSV : CSV)[tab], { query: period }), `statistics-${site ? 'site-' : ''}${tab}-${period.to}.csv`);
      message.success('CSV downloaded');
    } catch {
      message.error('The CSV did not download — try again');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className={css.controls}>
        <Segmented aria-label="Period" value={days} onChange={(v) => setDays(v as PeriodDays)} options={PERIODS.map((p) => ({ value: p.value, label: p.label }))} />
        <Button className={css.csv} icon={<DownloadOutlined />} onClick={() => void download()} loading={busy}>
          Download CSV
        </Button>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        items={[
          { key: 'earnings', label: 'Earnings', children: <EarningsTab period={period} site={site} /> },
          { key: 'audience', label: 'Audience', children: <AudienceTab period={period} site={site} /> },
          { key: 'content', label: 'Content', children: <ContentTab period={period} site={site} /> },
        ]}
      />
    </>
  );
}

export default function Statistics() {
  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Statistics</h1>
          <p className="page-lead">Your earnings, audience and content, compared with the period before (UTC days).</p>
        </div>
      </div>
      <StatisticsPanels />
    </div>
  );
}
