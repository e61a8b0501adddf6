'use client';
import { Card } from 'antd';
import BlockedUsersTable from './BlockedUsersTable';
import width from '@/components/layouts/page-width.module.css';

/** /user/blocked: the fan's blocked users. */
export default function BlockedUsersPage() {
  return (
    <div className={`container page ${width.w920}`}>
      <h1 className="page-title">Blocked users</h1>
      <p className="page-lead">People you blocked can&rsquo;t see your activity or message you, and you don&rsquo;t see theirs.</p>
      <Card>
        <BlockedUsersTable />
      </Card>
    </div>
  );
}
