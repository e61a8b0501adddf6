'use client';
import { Alert, Card, Descriptions, Skeleton, Table, Tag } from 'antd';
import type { SystemNode } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { duration, fullDate, timeAgo } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import css from './admin-system.module.css';

/** The nodes alive (refreshed every heartbeat), the version, Node, drivers, uptime and the migrations. */
export default function SystemOverview() {
  const info = useRoute(routes.system.info, {}, { refreshInterval: 15_000 });
  if (info.error) return <Alert type="error" showIcon role="alert" title={errorText(info.error, "The system's state didn't load")} />;
  const d = info.data;
  return (
    <>
      <Card title="Nodes" className={css.card}>
        <p className={css.help}>
          Every API and worker process writes a heartbeat every {d?.heartbeatSeconds ?? 15} seconds; one that misses three is no longer listed.
        </p>
        <Table<SystemNode>
          rowKey="_id"
          loading={info.isLoading}
          dataSource={d?.nodes ?? []}
          pagination={false}
          scroll={{ x: 760 }}
          aria-label="Nodes"
          locale={{ emptyText: 'No node has reported yet.' }}
          columns={[
            { title: 'Role', dataIndex: 'role', render: (r: string, n) => <>{r === 'api' ? <Tag color="blue">API</Tag> : <Tag color="purple">Worker</Tag>}{n.current && <Tag>this node</Tag>}</> },
            { title: 'Host', dataIndex: 'host', render: (h: string, n) => <span className={css.mono}>{h}:{n.pid}</span> },
            { title: 'Version', dataIndex: 'version', render: (v: string, n) => <>{v}{n.commit ? <span className={css.mono}> ({n.commit})</span> : null}</> },
            { title: 'Started', dataIndex: 'startedAt', render: (at: string) => fullDate(at) },
            { title: 'Last seen', dataIndex: 'lastSeenAt', render: (at: string) => timeAgo(at) },
            { title: 'Sockets', dataIndex: 'sockets', align: 'right' },
          ]}
        />
      </Card>
      <Card title="Version" className={css.card}>
        {!d ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : (
          <>
            <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
              <Descriptions.Item label="Stagepass">{d.version}</Descriptions.Item>
              <Descriptions.Item label="Commit"><span className={css.mono}>{d.commit ?? 'Unknown (set GIT_COMMIT)'}</span></Descriptions.Item>
              <Descriptions.Item label="Node.js">{d.node}</Descriptions.Item>
              <Descriptions.Item label="Uptime of this node">{duration(d.uptimeSeconds)}</Descriptions.Item>
              <Descriptions.Item label="Database">{d.database === 'pglite' ? 'Embedded (PGlite)' : 'PostgreSQL'}</Descriptions.Item>
              <Descriptions.Item label="File storage">{d.storage === 'local' ? 'Local disk' : 'S3 bucket'}</Descriptions.Item>
              <Descriptions.Item label="Migrations applied">{d.migrations.applied}</Descriptions.Item>
              <Descriptions.Item label="Newest migration"><span className={css.mono}>{d.migrations.newest ?? '—'}</span></Descriptions.Item>
            </Descriptions>
            {d.migrations.pending.length > 0 && (
              <Alert className={css.card} type="warning" showIcon title={`${d.migrations.pending.length} migration(s) not applied`} description={d.migrations.pending.join(', ')} />
            )}
            <details>
              <summary>All applied migrations</summary>
              <ol className={css.migrations} reversed>
                {d.migrations.list.map((m) => <li key={m} className={css.mono}>{m}</li>)}
              </ol>
            </details>
          </>
        )}
      </Card>
    </>
  );
}
