'use client';
import Link from 'next/link';
import { Button, Card, Space } from 'antd';
import { DollarOutlined, HeartOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { useAppSelector } from '@/store';
import css from './home.module.css';

const FEATURES = [
  { icon: <DollarOutlined />, title: 'earnTitle', text: 'earnText' },
  { icon: <HeartOutlined />, title: 'closeTitle', text: 'closeText' },
  { icon: <SafetyCertificateOutlined />, title: 'safeTitle', text: 'safeText' },
] as const;

export default function Landing() {
  const siteName = useAppSelector((s) => s.ui.siteName);
  const t = useTranslations('landing');
  return (
    <div className="container">
      <section className="landing-hero">
        <h1>{t.rich('title', { gradient: (c) => <span className="gradient-text">{c}</span> })}</h1>
        <p>{t('lead', { site: siteName })}</p>
        <Space size={12} wrap className={css.cta}>
          <Link href="/auth/register">
            <Button type="primary" size="large">{t('joinFan')}</Button>
          </Link>
          <Link href="/auth/register/creator">
            <Button size="large">{t('becomeCreator')}</Button>
          </Link>
        </Space>
      </section>
      <section className="feature-grid" aria-label={t('features')}>
        {FEATURES.map((f) => (
          <Card key={f.title}>
            <div className="feature-icon" aria-hidden="true">{f.icon}</div>
            <h2 className={css.featureTitle}>{t(f.title)}</h2>
            <p className={`muted ${css.featureText}`}>{t(f.text)}</p>
          </Card>
        ))}
      </section>
    </div>
  );
}
