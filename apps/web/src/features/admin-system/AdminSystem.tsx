'use client';
/**
 * /admin/system (issue 33 §1): what an operator checks when the site is slow or something did not
 * arrive — the nodes and the version they run, the job queues and their failed jobs (retry,
 * discard), storage use, e-mails that could not be sent (retry, discard) and the site's backups
 * (run one, download). Every write here is audited by the API. The tab is kept in the URL (`?tab=`).
 */
import { Tabs } from 'antd';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import SystemOverview from './SystemOverview';
import SystemQueues from './SystemQueues';
import SystemStorage from './SystemStorage';
import SystemMail from './SystemMail';
import SystemBackups from './SystemBackups';

const TABS = ['overview', 'queues', 'storage', 'mail', 'backups'] as const;
type Tab = (typeof TABS)[number];

export default function AdminSystem() {
  const router = useRouter();
  const pathname = usePathname() || '/admin/system';
  const params = useSearchParams();
  const asked = params?.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'overview';
  const choose = (key: string) => router.replace(key === 'overview' ? pathname : `${pathname}?tab=${key}`, { scroll: false });
  return (
    <div className="container page">
      <h1 className="page-title">System</h1>
      <p className="page-lead">The nodes that run the site, its job queues, storage, e-mail delivery and backups.</p>
      <Tabs
        activeKey={tab}
        onChange={choose}
        destroyOnHidden
        items={[
          { key: 'overview', label: 'Nodes and version', children: <SystemOverview /> },
          { key: 'queues', label: 'Queues', children: <SystemQueues /> },
          { key: 'storage', label: 'Storage', children: <SystemStorage /> },
          { key: 'mail', label: 'Mail failures', children: <SystemMail /> },
          { key: 'backups', label: 'Backups', children: <SystemBackups /> },
        ]}
      />
    </div>
  );
}
