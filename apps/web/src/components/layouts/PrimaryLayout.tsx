'use client';
import type { ReactNode } from 'react';
import { Layout } from 'antd';
import AppHeader from './AppHeader';
import AppFooter from './AppFooter';
import SubscriptionModal from '@/features/subscriptions/SubscribeModal';

export default function PrimaryLayout({ children }: { children: ReactNode }) {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Layout.Content>
        <main id="main">{children}</main>
      </Layout.Content>
      <AppFooter />
      <SubscriptionModal />
    </Layout>
  );
}
