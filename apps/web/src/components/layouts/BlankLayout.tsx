'use client';
import type { ReactNode } from 'react';
import { Layout } from 'antd';
import css from './layouts.module.css';

export default function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <Layout className={css.blank}>
      <main id="main" tabIndex={-1}>{children}</main>
    </Layout>
  );
}
