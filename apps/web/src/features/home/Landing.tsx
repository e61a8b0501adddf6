'use client';
import Link from 'next/link';
import { Button, Card, Space } from 'antd';
import { DollarOutlined, HeartOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useAppSelector } from '@/store';
import css from './home.module.css';

const FEATURES = [
  { icon: <DollarOutlined />, title: 'Earn on your terms', text: 'Monthly subscriptions, tips and paid posts — you set the price.' },
  { icon: <HeartOutlined />, title: 'Close to your fans', text: 'Photos, videos, audio and polls — with likes, comments and bookmarks.' },
  { icon: <SafetyCertificateOutlined />, title: 'Safe by design', text: 'Verified creators, private media links and clear payouts.' },
];

export default function Landing() {
  const siteName = useAppSelector((s) => s.ui.siteName);
  return (
    <div className="container">
      <section className="landing-hero">
        <h1>
          The stage where <span className="gradient-text">creators meet their fans</span>
        </h1>
        <p>{siteName} lets creators share exclusive content with the people who love it — and get paid for it.</p>
        <Space size={12} wrap className={css.cta}>
          <Link href="/auth/register">
            <Button type="primary" size="large">Join as a fan</Button>
          </Link>
          <Link href="/auth/register/creator">
            <Button size="large">Become a creator</Button>
          </Link>
        </Space>
      </section>
      <section className="feature-grid" aria-label="Features">
        {FEATURES.map((f) => (
          <Card key={f.title}>
            <div className="feature-icon" aria-hidden="true">{f.icon}</div>
            <h2 className={css.featureTitle}>{f.title}</h2>
            <p className={`muted ${css.featureText}`}>{f.text}</p>
          </Card>
        ))}
      </section>
    </div>
  );
}
