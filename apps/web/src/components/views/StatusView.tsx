'use client';
import type { ReactNode } from 'react';
import { Flex, Typography, theme } from 'antd';
import Logo from '@/components/brand/Logo';
import { ThemeSwitch } from '@/components/ThemeSwitch';

/** Full-page status screen (maintenance, geo-blocked, 404…): logo, illustration, title, text, actions. */
export default function StatusView({ icon, title, children, extra }: { icon: ReactNode; title: string; children?: ReactNode; extra?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 24, background: token.colorBgLayout }}>
      <div style={{ position: 'fixed', top: 16, right: 16 }}>
        <ThemeSwitch />
      </div>
      <main id="main" className="status-card" style={{ background: token.colorBgContainer, border: `1px solid ${token.colorBorderSecondary}` }}>
        <Logo height={32} href={null} />
        <div className="status-icon" aria-hidden="true">
          {icon}
        </div>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        <div style={{ color: token.colorTextSecondary, fontSize: 16, lineHeight: 1.6 }}>{children}</div>
        {extra && <div style={{ marginTop: 24 }}>{extra}</div>}
      </main>
    </Flex>
  );
}
