'use client';
import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import Logo from '@/components/brand/Logo';
import { ThemeSwitch } from '@/components/ThemeSwitch';
import css from './views.module.css';

/** Full-page status screen (maintenance, geo-blocked, 404…): logo, illustration, title, text, actions. */
export default function StatusView({ icon, title, children, extra }: { icon: ReactNode; title: string; children?: ReactNode; extra?: ReactNode }) {
  return (
    <Flex vertical align="center" justify="center" className={css.page}>
      <div className={css.theme}>
        <ThemeSwitch />
      </div>
      <main id="main" tabIndex={-1} className={`status-card ${css.card}`}>
        <Logo height={32} href={null} />
        <div className="status-icon" aria-hidden="true">
          {icon}
        </div>
        <Typography.Title level={2} className={css.title}>
          {title}
        </Typography.Title>
        <div className={css.text}>{children}</div>
        {extra && <div className={css.extra}>{extra}</div>}
      </main>
    </Flex>
  );
}
