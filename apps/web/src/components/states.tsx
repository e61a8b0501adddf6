'use client';
import type { ReactNode } from 'react';
import { Button, Empty, Result, Skeleton, Card } from 'antd';
import { CloudServerOutlined } from '@ant-design/icons';
import { MESSAGES } from '@stagepass/shared';
import css from './ui.module.css';

export function ErrorState({ title = 'Something went wrong', message = MESSAGES.generic, onRetry, extra }: { title?: string; message?: string; onRetry?: () => void; extra?: ReactNode }) {
  return (
    <Result
      status="warning"
      icon={<CloudServerOutlined />}
      title={title}
      subTitle={message}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            Try again
          </Button>
        ) : (
          extra
        )
      }
    />
  );
}

/** A page could not load its data because the API is unreachable (server-side check failed). */
export function ServiceUnavailable() {
  return (
    <div className={`container ${css.unavailable}`}>
      <Card>
        <ErrorState
          title="We couldn't load this page"
          message="The Stagepass service is not answering right now. Your session is safe — please try again in a moment."
          onRetry={() => window.location.reload()}
        />
      </Card>
    </div>
  );
}

export function EmptyState({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <div>
          <div className={css.emptyTitle}>{title}</div>
          {description && <div className="empty-description">{description}</div>}
        </div>
      }
    >
      {action}
    </Empty>
  );
}

export function FormSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-busy="true" aria-label="Loading">
      <Skeleton.Avatar active size={72} className={css.avatarSkeleton} />
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}
