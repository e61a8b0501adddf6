'use client';
import Link from 'next/link';
import { Avatar, Button, Dropdown, Typography } from 'antd';
import { DownOutlined, HomeOutlined, IdcardOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, type CurrentUser } from '@stagepass/shared';
import { useLogout } from '@/features/auth/useLogout';

export function accountPath(user: Pick<CurrentUser, 'isPerformer'>) {
  return user.isPerformer ? '/creator/account' : '/user/account';
}
export function profilePath(user: Pick<CurrentUser, '_id' | 'username'>) {
  return `/${user.username || user._id}`;
}

/** Avatar + name button opening the account menu (links to home, profile, account; Log out). */
export default function UserMenu({ user }: { user: CurrentUser }) {
  const doLogout = useLogout();
  const items = [
    { key: 'home', icon: <HomeOutlined />, label: <Link href="/home">Home</Link> },
    ...(user.isPerformer ? [{ key: 'profile', icon: <IdcardOutlined />, label: <Link href={profilePath(user)}>My profile</Link> }] : []),
    { key: 'account', icon: <SettingOutlined />, label: <Link href={accountPath(user)}>Account settings</Link> },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Log out', danger: true, onClick: () => void doLogout() },
  ];
  return (
    <Dropdown trigger={['click']} menu={{ items }} placement="bottomRight">
      <Button type="text" aria-label={user.name} aria-haspopup="menu" style={{ height: 44, paddingInline: 6, display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        <Avatar src={user.avatar || DEFAULT_AVATAR} alt="" size={32} />
        <Typography.Text strong ellipsis style={{ maxWidth: 140 }} className="hide-sm">
          {user.name}
        </Typography.Text>
        <DownOutlined style={{ fontSize: 10, opacity: 0.6 }} />
      </Button>
    </Dropdown>
  );
}
