'use client';
import { useState } from 'react';
import { Alert, App, Button, Card, Table, Tag } from 'antd';
import type { BackupFile, BackupRun } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, routeHref } from '@/lib/api';
import { downloadFromApi } from '@/lib/download';
import { bytes, count, fullDate } from '@/lib/format';
import { revalidateRoutes, useRoute } from '@/lib/swr';
import css from './admin-system.module.css';

const STATE: Record<BackupRun['state'], { label: string; color: string }> = {
  created: { label: 'Queued', color: 'blue' },
  retry: { label: 'Queued again', color: 'blue' },
  active: { label: 'Running', color: 'processing' },
  completed: { label: 'Done', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'default' },
  failed: { label: 'Failed', color: 'red' },
};

/** Run a backup (a job), the runs queued, running or failed, and the kept backups to download. */
export default function SystemBackups() {
  const { message } = App.useApp();
  const [running, setRunning] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  // While a run waits or works, look again every 2 s; otherwise only on focus.
  const list = useRoute(routes.system.backups, {}, { refreshInterval: (d) => (d?.runs.some((r) => r.state !== 'failed') ? 2000 : 0) });
  const d = list.data;
  const run = async () => {
    setRunning(true);
    try {
      await call(routes.system.runBackup);
      message.success('Backup queued');
      await revalidateRoutes(routes.system.backups, routes.system.queues);
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setRunning(false);
    }
  };
  const download = async (b: BackupFile) => {
    setDownloading(b.name);
    try {
      await downloadFromApi(routeHref(routes.system.downloadBackup, { params: { name: b.name } }), b.name, { accept: 'application/gzip' });
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setDownloading(null);
    }
  };
  return (
    <Card
      title="Backups"
      className={css.card}
      extra={<Button type="primary" onClick={() => void run()} loading={running} disabled={!d?.supported}>Run a backup</Button>}
    >
      <p className={css.help}>
        A backup holds the database and every uploaded file, as <code>npm run backup</code> makes it, and is kept in DATA_DIR/backups. It holds password hashes and the site&apos;s secrets: keep downloads as safe as the server. Running and downloading are recorded in the audit log.
      </p>
      {list.error && <Alert type="error" showIcon role="alert" title={errorText(list.error, "The backups didn't load")} />}
      {d && !d.supported && <Alert className={css.card} type="info" showIcon title="Backups are made with PostgreSQL's tools here" description={d.guidance} />}
      {d && d.runs.length > 0 && (
        <Table<BackupRun>
          className={css.stats}
          rowKey="_id"
          aria-label="Backup runs"
          dataSource={d.runs}
          pagination={false}
          size="small"
          scroll={{ x: 560 }}
          columns={[
            { title: 'Run', dataIndex: 'createdAt', render: (at: string) => fullDate(at) },
            { title: 'State', dataIndex: 'state', render: (s: BackupRun['state']) => <Tag color={STATE[s].color}>{STATE[s].label}</Tag> },
            { title: 'Error', dataIndex: 'error', render: (e: string | null) => (e ? <span className={css.error}>{e}</span> : '—') },
          ]}
        />
      )}
      <Table<BackupFile>
        rowKey="name"
        aria-label="Kept backups"
        loading={list.isLoading}
        dataSource={d?.backups ?? []}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: 'No backup is kept yet: run one.' }}
        columns={[
          { title: 'Backup', dataIndex: 'name', render: (n: string) => <span className={css.mono}>{n}</span> },
          { title: 'Made', dataIndex: 'createdAt', render: (at: string) => fullDate(at) },
          { title: 'Files', dataIndex: 'files', align: 'right', render: (n: number | null) => (n === null ? '—' : count(n)) },
          { title: 'Size', dataIndex: 'bytes', align: 'right', render: (n: number) => bytes(n) },
          { title: '', key: 'download', render: (_: unknown, b) => <Button size="small" loading={downloading === b.name} onClick={() => void download(b)} aria-label={`Download ${b.name}`}>Download</Button> },
        ]}
      />
    </Card>
  );
}
