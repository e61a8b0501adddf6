'use client';
import type { ReactNode } from 'react';
import { Layout } from 'antd';

export default function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <main id="main">{children}</main>
    </Layout>
  );
}
