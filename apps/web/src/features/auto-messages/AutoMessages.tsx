'use client';
/**
 * /creator/auto-messages: the creator's two automatic messages (GET /messages/auto) — the welcome
 * message to new subscribers (and, optionally, new followers) and the "we miss you" message N days
 * after a subscription ends — each with its own form and figures (sent, read, bought).
 */
import Link from 'next/link';
import { Button } from 'antd';
import { FolderOpenOutlined, NotificationOutlined } from '@ant-design/icons';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import { ErrorState } from '@/components/states';
import AutoMessageCard, { AutoMessageCardSkeleton } from './AutoMessageCard';
import css from './auto-messages.module.css';

export default function AutoMessages() {
  const auto = useRoute(routes.autoMessages.list);
  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Automatic messages</h1>
          <p className="page-lead">Greet every new fan and win back those who left — sent for you, once per fan, into their inbox.</p>
        </div>
        <div className={css.actions}>
          <Link href="/creator/mass-messages">
            <Button icon={<NotificationOutlined />}>Mass messages</Button>
          </Link>
          <Link href="/creator/vault">
            <Button icon={<FolderOpenOutlined />}>Vault</Button>
          </Link>
        </div>
      </div>
      {auto.error ? (
        <ErrorState onRetry={() => void auto.mutate()} />
      ) : !auto.data ? (
        <>
          <AutoMessageCardSkeleton />
          <AutoMessageCardSkeleton />
        </>
      ) : (
        auto.data.map((m) => <AutoMessageCard key={`${m.kind}-${m.updatedAt ?? 'new'}`} message={m} onSaved={() => void auto.mutate()} />)
      )}
    </div>
  );
}
