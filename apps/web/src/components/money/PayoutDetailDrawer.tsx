'use client';
/** One payout request (GET /payout-requests/{id}/view) in a side drawer. */
import { Button, Descriptions, Drawer, Skeleton } from 'antd';
import type { PayoutRequest } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { fullDate } from '@/lib/format';
import { ErrorState } from '@/components/states';
import { Money, MoneyUserCell, PayoutStatusTag, moneyCss as css } from '@/components/money/money-ui';

export const METHOD_LABEL: Record<string, string> = { manual: 'Paid by hand', stripe: 'Stripe' };

export function PayoutDetails({ p, showCreator }: { p: PayoutRequest; showCreator?: boolean }) {
  const items = [
    ...(showCreator ? [{ key: 'creator', label: 'Creator', children: <MoneyUserCell user={p.performer} /> }] : []),
    { key: 'status', label: 'Status', children: <PayoutStatusTag status={p.status} /> },
    { key: 'amount', label: 'Amount', children: <Money value={p.amount} strong /> },
    { key: 'createdAt', label: 'Requested', children: fullDate(p.createdAt) },
    ...(p.approvedAt ? [{ key: 'approvedAt', label: 'Approved', children: fullDate(p.approvedAt) }] : []),
    ...(p.paidAt ? [{ key: 'paidAt', label: 'Paid', children: fullDate(p.paidAt) }] : []),
    ...(p.rejectedAt ? [{ key: 'rejectedAt', label: 'Rejected', children: fullDate(p.rejectedAt) }] : []),
    ...(p.method ? [{ key: 'method', label: 'Method', children: METHOD_LABEL[p.method] ?? p.method }] : []),
    { key: 'requestNote', label: showCreator ? "Creator's note" : 'Your note', children: <span className={css.note}>{p.requestNote || '—'}</span> },
    { key: 'adminNote', label: 'Admin note', children: <span className={css.note}>{p.adminNote || '—'}</span> },
    ...(p.failureMessage ? [{ key: 'failure', label: 'Payment problem', children: <span className={css.negative}>{p.failureMessage}</span> }] : []),
    { key: 'updatedAt', label: 'Last update', children: fullDate(p.updatedAt) },
  ];
  return <Descriptions column={1} size="small" bordered items={items} styles={{ label: { width: 130 } }} />;
}

export default function PayoutDetailDrawer({ id, onClose, onEdit }: { id: string | null; onClose: () => void; onEdit?: (p: PayoutRequest) => void }) {
  const { data, error, isLoading, mutate } = useRoute(routes.payouts.view, id ? { params: { id } } : null);
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      title="Payout request"
      size="min(440px, 100vw)"
      destroyOnHidden
      closable={{ 'aria-label': 'Close' }}
      footer={
        data?.status === 'pending' && onEdit ? (
          <Button type="primary" onClick={() => onEdit(data)}>
            Edit request
          </Button>
        ) : null
      }
    >
      {isLoading || (!data && !error) ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : error || !data ? (
        <ErrorState title="This request didn't load" message={errorText(error)} onRetry={() => void mutate()} />
      ) : (
        <PayoutDetails p={data} />
      )}
    </Drawer>
  );
}
