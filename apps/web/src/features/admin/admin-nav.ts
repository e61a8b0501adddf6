import type { ComponentType } from 'react';
import {
  AimOutlined,
  CloudServerOutlined,
  SafetyOutlined,
  PercentageOutlined,
  FundOutlined,
  SolutionOutlined,
  CopyrightOutlined,
  AlertOutlined, AuditOutlined, ReconciliationOutlined, BankOutlined, CreditCardOutlined, ContactsOutlined, CrownOutlined, DashboardOutlined, EyeInvisibleOutlined, FileTextOutlined, FlagOutlined,
  FileProtectOutlined, NotificationOutlined, SafetyCertificateOutlined, SettingOutlined, ShareAltOutlined, ShoppingOutlined, TagsOutlined, TeamOutlined, TransactionOutlined, IdcardOutlined, VideoCameraOutlined,
} from '@ant-design/icons';

/**
 * The operator console's side menu (src/shell/AdminShell.tsx), in order, grouped. Every section of
 * issue 14 has its entry from the start; a section's page lives at `src/app/(admin)/admin/<path>`.
 * An entry is the current one on its path and every sub-path (`/admin` itself only when exact).
 */
export interface AdminNavItem {
  href: string;
  label: string;
  icon: ComponentType;
}
export interface AdminNavGroup {
  /** The group's heading (also the accessible name of its list). */
  title: string;
  items: AdminNavItem[];
}

export const ADMIN_NAV: AdminNavGroup[] = [
  {
    title: 'Overview',
    items: [{ href: '/admin', label: 'Dashboard', icon: DashboardOutlined }],
  },
  {
    title: 'People and content',
    items: [
      { href: '/admin/users', label: 'Users', icon: TeamOutlined },
      { href: '/admin/verification', label: 'Verification', icon: SafetyCertificateOutlined },
      { href: '/admin/age-verifications', label: 'Age checks', icon: IdcardOutlined },
      { href: '/admin/reports', label: 'Reports', icon: FlagOutlined },
      { href: '/admin/content', label: 'Content', icon: EyeInvisibleOutlined },
      { href: '/admin/streams', label: 'Live streams', icon: VideoCameraOutlined },
      { href: '/admin/screening', label: 'Screening', icon: SafetyOutlined },
      { href: '/admin/takedowns', label: 'Takedowns', icon: CopyrightOutlined },
      { href: '/admin/protection', label: 'Leak tracer', icon: AimOutlined },
      { href: '/admin/releases', label: 'Releases', icon: SolutionOutlined },
    ],
  },
  {
    title: 'Money',
    items: [
      { href: '/admin/payouts', label: 'Payouts', icon: BankOutlined },
      { href: '/admin/orders', label: 'Orders', icon: ShoppingOutlined },
      { href: '/admin/transactions', label: 'Transactions', icon: TransactionOutlined },
      { href: '/admin/payments', label: 'Card payments', icon: CreditCardOutlined },
      { href: '/admin/disputes', label: 'Disputes', icon: AlertOutlined },
      { href: '/admin/reconciliation', label: 'Reconciliation', icon: ReconciliationOutlined },
      { href: '/admin/subscriptions', label: 'Subscriptions', icon: CrownOutlined },
      { href: '/admin/coupons', label: 'Coupons', icon: TagsOutlined },
      { href: '/admin/referrals', label: 'Referrals', icon: ShareAltOutlined },
      { href: '/admin/tax-rules', label: 'Tax rules', icon: PercentageOutlined },
      { href: '/admin/taxes/report', label: 'Tax report', icon: FundOutlined },
    ],
  },
  {
    title: 'Site',
    items: [
      { href: '/admin/settings', label: 'Settings', icon: SettingOutlined },
      { href: '/admin/pages', label: 'Pages', icon: FileTextOutlined },
      { href: '/admin/legal', label: 'Terms versions', icon: FileProtectOutlined },
      { href: '/admin/promos', label: 'Promos', icon: NotificationOutlined },
      { href: '/admin/contact', label: 'Contact', icon: ContactsOutlined },
      { href: '/admin/audit', label: 'Audit log', icon: AuditOutlined },
      { href: '/admin/system', label: 'System', icon: CloudServerOutlined },
    ],
  },
];

/** Whether `href` is the current section for `pathname`. */
export function isAdminNavActive(pathname: string, href: string): boolean {
  if (href === '/admin') return pathname === '/admin' || pathname === '/admin/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
