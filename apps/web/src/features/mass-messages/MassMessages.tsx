'use client';
/**
 * /creator/mass-messages: the composer (POST /messages/broadcast-message) above the history of
 * mass messages (GET /messages/broadcast-message, URL table state). The history is read again
 * after each send or unsend, and every few seconds only while a row is still `sending`.
 */
import Link from 'next/link';
import { Button, Card } from 'antd';
import { FolderOpenOutlined, RobotOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { routes } from '@stagepass/shared/routes';
import { useRouteTable } from '@/components/list/QueryTable';
import MassComposer from './MassComposer';
import MassHistory from './MassHistory';
import { refreshWhileSending } from './compose';
import css from './mass-messages.module.css';

export default function MassMessages() {
  const table = useRouteTable(routes.messages.broadcasts, { sortBy: 'createdAt', refreshInterval: refreshWhileSending });
  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Mass messages</h1>
          <p className="page-lead">One message to many fans: each gets their own copy in their inbox.</p>
        </div>
        <div className={css.actions}>
          <Link href="/creator/auto-messages">
            <Button icon={<RobotOutlined />}>Automatic messages</Button>
          </Link>
          <Link href="/creator/lists">
            <Button icon={<UnorderedListOutlined />}>Fan lists</Button>
          </Link>
          <Link href="/creator/vault">
            <Button icon={<FolderOpenOutlined />}>Vault</Button>
          </Link>
        </div>
      </div>

      <MassComposer onSent={() => void table.mutate()} />

      <Card styles={{ body: { padding: 12 } }}>
        <h2 className={css.tableTitle}>Sent and scheduled</h2>
        <MassHistory table={table} />
      </Card>
    </div>
  );
}
