'use client';
import { Alert, Card, Descriptions, Progress, Skeleton, Table } from 'antd';
import type { StorageUse } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { bytes, count } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import css from './admin-system.module.css';

type FileGroup = StorageUse['files'][number];
const STATUS: Record<string, string> = { ready: 'Ready', processing: 'Processing', uploaded: 'Uploaded', failed: 'Failed' };

/** Where the bytes are (disk free, or the bucket's totals) and the stored files by kind and status. */
export default function SystemStorage() {
  const use = useRoute(routes.system.storage);
  if (use.error) return <Alert type="error" showIcon role="alert" title={errorText(use.error, "Storage use didn't load")} />;
  const d = use.data;
  const b = d?.backend;
  return (
    <>
      <Card title={b?.driver === 's3' ? 'Bucket' : 'Disk'} className={css.card}>
        {!b ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : b.driver === 'local' ? (
          <>
            <Descriptions column={{ xs: 1, sm: 3 }} size="small">
              <Descriptions.Item label="Folder"><span className={css.mono}>{b.path}</span></Descriptions.Item>
              <Descriptions.Item label="Free">{bytes(b.freeBytes)}</Descriptions.Item>
              <Descriptions.Item label="Disk size">{bytes(b.totalBytes)}</Descriptions.Item>
            </Descriptions>
            <Progress
              className={css.meter}
              percent={b.totalBytes ? Math.round(((b.totalBytes - b.freeBytes) / b.totalBytes) * 100) : 0}
              status={b.totalBytes && b.freeBytes / b.totalBytes < 0.1 ? 'exception' : 'normal'}
              aria-label="Disk used"
              format={(p) => `${p}% used`}
            />
          </>
        ) : (
          <Descriptions column={{ xs: 1, sm: 3 }} size="small">
            <Descriptions.Item label="Bucket"><span className={css.mono}>{b.bucket}</span></Descriptions.Item>
            <Descriptions.Item label="Objects">{count(b.objects)}{b.truncated ? '+' : ''}</Descriptions.Item>
            <Descriptions.Item label="Bytes">{bytes(b.bytes)}{b.truncated ? ' (counted up to 100,000 objects)' : ''}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title="Stored files" className={css.card} extra={d ? `${count(d.totals.count)} files, ${bytes(d.totals.bytes)}` : null}>
        <Table<FileGroup>
          rowKey={(f) => `${f.kind}:${f.status}`}
          aria-label="Stored files"
          loading={use.isLoading}
          dataSource={d?.files ?? []}
          pagination={false}
          size="small"
          scroll={{ x: 480 }}
          locale={{ emptyText: 'No file has been stored yet.' }}
          columns={[
            { title: 'Kind', dataIndex: 'kind', render: (k: string) => <span className={css.mono}>{k}</span> },
            { title: 'Status', dataIndex: 'status', render: (s: string) => STATUS[s] ?? s },
            { title: 'Files', dataIndex: 'count', align: 'right', render: (n: number) => count(n) },
            { title: 'Size', dataIndex: 'bytes', align: 'right', render: (n: number) => bytes(n) },
          ]}
        />
      </Card>
    </>
  );
}
