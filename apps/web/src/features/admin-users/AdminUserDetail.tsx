'use client';
/**
 * /admin/users/{id}: one account (GET /admin/users/{id}) — profile, how it signs in, its money
 * summary (a fan's wallet and spending, a creator's sales, payouts and subscribers), the
 * operator's actions (UserActions) and, on request, their private conversations (UserConversations:
 * an audited read, issue 28 §6).
 */
import Link from 'next/link';
import { Avatar, Card, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { GENDER_LABELS, type AdminUserDetail as Detail } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { fullDate } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { ErrorState } from '@/components/states';
import { StatGrid, type StatItem } from '@/components/money/money-ui';
import { KycTag, RoleTag, StatusTag } from './user-tags';
import UserActions from './UserActions';
import CreatorTaxCard from './CreatorTaxCard';
import UserConversations from '@/features/admin-reads/UserConversations';
import css from './admin-users.module.css';

function moneyItems(m: Detail['money']): StatItem[] {
  if (m.kind === 'fan') {
    return [
      { key: 'balance', label: 'Wallet balance', value: m.balance, highlight: true },
      { key: 'totalSpent', label: 'Total spent', value: m.totalSpent, info: 'Everything paid to creators, refunds netted out' },
      { key: 'purchases', label: 'Items bought', value: m.purchases, plain: true },
      { key: 'activeSubscriptions', label: 'Active subscriptions', value: m.activeSubscriptions, plain: true },
    ];
  }
  return [
    { key: 'gross', label: 'Gross sales', value: m.gross },
    { key: 'net', label: 'Net earned', value: m.net, info: 'Gross sales minus the site commission' },
    { key: 'paidOut', label: 'Paid out', value: m.paidOut },
    { key: 'pending', label: 'Payouts pending', value: m.pending },
    { key: 'available', label: 'Available', value: m.available, highlight: true },
    { key: 'activeSubscribers', label: 'Active subscribers', value: m.activeSubscribers, plain: true },
  ];
}

function Facts({ u }: { u: Detail }) {
  const signIn = [u.hasPassword ? 'Password' : null, u.google ? 'Google' : null, u.twitter ? 'Twitter' : null].filter(Boolean).join(', ') || 'None (password reset pending)';
  return (
    <dl className={css.facts}>
      <dt>E-mail</dt>
      <dd>
        {u.email || '—'} {u.email && (u.verifiedEmail ? '(verified)' : '(not verified)')}
      </dd>
      <dt>Name</dt>
      <dd>{[u.firstName, u.lastName].filter(Boolean).join(' ') || u.name || '—'}</dd>
      <dt>Country</dt>
      <dd>{u.country || '—'}</dd>
      <dt>Gender</dt>
      <dd>{u.gender ? ((GENDER_LABELS as Record<string, string>)[u.gender] ?? u.gender) : '—'}</dd>
      <dt>Signs in with</dt>
      <dd>{signIn}</dd>
      <dt>Signed up</dt>
      <dd>{fullDate(u.createdAt)}</dd>
      <dt>Last login</dt>
      <dd>{u.lastLoginAt ? fullDate(u.lastLoginAt) : 'Never'}</dd>
      <dt>Account id</dt>
      <dd className={css.small}>{u._id}</dd>
    </dl>
  );
}

export default function AdminUserDetail({ id }: { id: string }) {
  const { data: u, error, isLoading, mutate } = useRoute(routes.users.adminView, { params: { id } });
  const back = (
    <Link href="/admin/users" className={css.back}>
      <ArrowLeftOutlined aria-hidden /> All users
    </Link>
  );
  if (error && !u) {
    const missing = (error as { statusCode?: number }).statusCode === 404;
    return (
      <div className="container page">
        {back}
        <ErrorState title={missing ? 'No such account' : "This account didn't load"} message={missing ? 'It may have been deleted, or the link is wrong.' : errorText(error)} onRetry={missing ? undefined : () => void mutate()} />
      </div>
    );
  }
  if (isLoading || !u) {
    return (
      <div className="container page" aria-busy>
        {back}
        <Skeleton avatar active paragraph={{ rows: 2 }} />
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  return (
    <div className="container page">
      {back}
      <header className={css.head}>
        <Avatar src={u.avatar} size={64} alt="" />
        <div className={css.headText}>
          <h1>{u.name || u.username || 'Account'}</h1>
          <span className="muted">{u.username ? `@${u.username}` : 'No username yet'}</span>
          <div className={css.tags}>
            <RoleTag user={u} />
            <StatusTag status={u.status} />
            {u.isPerformer && <KycTag status={u.kyc} />}
          </div>
        </div>
      </header>
      <Card title={u.money.kind === 'fan' ? 'Money (fan)' : 'Money (creator)'} className={css.section}>
        <StatGrid items={moneyItems(u.money)} label="Money summary" />
      </Card>
      {u.isPerformer && <CreatorTaxCard id={u._id} name={u.name || u.username || 'this creator'} since={u.createdAt} />}
      <div className={css.grid}>
        <Card title="Profile">
          <Facts u={u} />
        </Card>
        <Card title="Actions">
          <UserActions user={u} onChanged={(next) => void (next ? mutate(next, { revalidate: false }) : mutate())} />
        </Card>
      </div>
      <UserConversations userId={u._id} name={u.name || u.username || 'This user'} />
    </div>
  );
}
