'use client';
/**
 * /admin/users: fans and creators (GET /admin/users), filters and table state in the URL — role,
 * status, e-mail verified, creator verification (KYC), country, sign-up dates, search. A row opens
 * /admin/users/{id} (profile, money summary, actions).
 */
import type { HTMLAttributes } from 'react';
import Link from 'next/link';
import { Avatar, Button, Card, Input, Select, Space, Typography } from 'antd';
import { ADMIN_USER_ROLES, USER_STATUSES, VERIFICATION_STATUSES, type AdminUser } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { fullDate } from '@/lib/format';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { DateFilters, withDateRange } from '@/components/list/table-helpers';
import { useCountryOptions } from '@/components/form/useCountries';
import { EmptyState } from '@/components/states';
import { KycTag, ROLE_LABEL, RoleTag, StatusTag, STATUS_LABEL, KYC_LABEL } from './user-tags';
import css from './admin-users.module.css';

const FILTERS = ['role', 'status', 'emailVerified', 'kyc', 'country', 'fromDate', 'toDate', 'q'] as const;
const oneOf = <T extends string>(list: readonly T[], v: string | undefined) => (v && (list as readonly string[]).includes(v) ? (v as T) : undefined);

/** The URL's filters, only valid values (a hand-edited URL cannot make the API answer 400). */
function filtersOf(f: Record<string, string>) {
  return {
    role: oneOf(ADMIN_USER_ROLES, f.role),
    status: oneOf(USER_STATUSES, f.status),
    emailVerified: oneOf(['true', 'false'] as const, f.emailVerified),
    kyc: oneOf(VERIFICATION_STATUSES, f.kyc),
    country: f.country && /^[A-Z]{2}$/.test(f.country) ? f.country : undefined,
    fromDate: f.fromDate || undefined,
    toDate: f.toDate || undefined,
    q: f.q?.trim() || undefined,
  };
}

export default function AdminUsers() {
  const countries = useCountryOptions();
  const table = useRouteTable(routes.users.adminList, {
    sortBy: 'createdAt',
    pageSize: 20,
    query: (q, tq) => {
      const { fromDate, toDate, ...f } = filtersOf(tq.filters);
      const range = withDateRange({ ...(fromDate ? { fromDate } : {}), ...(toDate ? { toDate } : {}) });
      return { offset: q.offset, limit: q.limit, sort: q.sort, sortBy: q.sortBy, ...f, createdFrom: range.fromDate, createdTo: range.toDate };
    },
  });
  const { t } = table;
  const f = filtersOf(t.query.filters);
  const filtered = Object.values(f).some(Boolean);
  const select = (name: string, label: string, placeholder: string, options: Array<{ value: string; label: string }>, value: string | undefined, wide = false) => (
    <div className={css.filter}>
      <label htmlFor={`users-${name}`}>{label}</label>
      <Select id={`users-${name}`} placeholder={placeholder} allowClear showSearch={wide ? { optionFilterProp: 'label' } : undefined} value={value} onChange={(v) => t.set({ [name]: v ?? null })} options={options} className={wide ? css.wideSelect : css.select} />
    </div>
  );

  return (
    <div className="container page">
      <h1 className="page-title">Users</h1>
      <p className="page-lead">Every fan and creator account. Open one to see its money and to suspend, reactivate, force a password reset, change a creator&apos;s commission or manage the administrator role.</p>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter users">
          {select('role', 'Role', 'Anyone', ADMIN_USER_ROLES.map((r) => ({ value: r, label: ROLE_LABEL[r] })), f.role)}
          {select('status', 'Status', 'Any status', USER_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] })), f.status)}
          {select('emailVerified', 'E-mail', 'Verified or not', [{ value: 'true', label: 'Verified' }, { value: 'false', label: 'Not verified' }], f.emailVerified)}
          {select('kyc', 'Creator verification', 'Any', VERIFICATION_STATUSES.map((s) => ({ value: s, label: KYC_LABEL[s] })), f.kyc)}
          {select('country', 'Country', 'Any country', countries.options, f.country, true)}
          <DateFilters query={t.query} set={t.set} />
          <div className={css.filter}>
            <label htmlFor="users-q">Search</label>
            <Input.Search id="users-q" aria-label="Search users" placeholder="Username, name or e-mail" allowClear defaultValue={f.q} onSearch={(v) => t.set({ q: v.trim() || null })} className={css.search} />
          </div>
          {filtered && (
            <Button onClick={() => t.set(Object.fromEntries(FILTERS.map((k) => [k, null])))} className={css.keep}>
              Clear filters
            </Button>
          )}
        </FilterBar>
        <QueryTable<AdminUser>
          table={table}
          errorTitle="Users didn't load"
          totalLabel={(n) => (n === 1 ? '1 account' : `${n} accounts`)}
          empty={<EmptyState title={filtered ? 'No accounts match' : 'No accounts yet'} description={filtered ? 'Nothing matches these filters.' : undefined} />}
          cardsLabel="Users list"
          size="middle"
          scroll={{ x: 980 }}
          onRow={(u) => ({ 'aria-label': `${u.name || u.username || 'Account'}${u.username ? ` (@${u.username})` : ''}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            {
              key: 'username',
              title: 'Account',
              sorter: true,
              sortOrder: t.sortOrder('username'),
              render: (_, u) => (
                <Link href={`/admin/users/${u._id}`} className={css.person} aria-label={`Open ${u.name || u.username || 'this account'}`}>
                  <Avatar src={u.avatar} size={32} alt="" />
                  <span className={css.stack}>
                    <span className={css.name}>{u.name || u.username || '—'}</span>
                    <Typography.Text type="secondary" className={css.small}>
                      {u.username ? `@${u.username}` : 'no username'}
                      {u.email ? ` · ${u.email}` : ''}
                    </Typography.Text>
                  </span>
                </Link>
              ),
            },
            {
              key: 'role',
              title: 'Role',
              width: 150,
              render: (_, u) => (
                <Space size={4} wrap>
                  <RoleTag user={u} />
                  {u.isPerformer && <KycTag status={u.kyc} />}
                </Space>
              ),
            },
            { key: 'status', title: 'Status', dataIndex: 'status', width: 110, render: (_, u) => <StatusTag status={u.status} /> },
            { key: 'verifiedEmail', title: 'E-mail', width: 110, render: (_, u) => (u.verifiedEmail ? 'Verified' : <Typography.Text type="warning">Not verified</Typography.Text>) },
            { key: 'country', title: 'Country', dataIndex: 'country', width: 90, render: (v: string | null) => v || '—' },
            { key: 'createdAt', title: 'Signed up', dataIndex: 'createdAt', width: 170, sorter: true, sortOrder: t.sortOrder('createdAt'), render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            { key: 'lastLoginAt', title: 'Last login', dataIndex: 'lastLoginAt', width: 170, sorter: true, sortOrder: t.sortOrder('lastLoginAt'), render: (v: string | null) => <span className={css.nowrap}>{v ? fullDate(v) : 'Never'}</span> },
          ]}
        />
      </Card>
    </div>
  );
}
