'use client';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { Flex, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import LanguagePicker from '@/components/LanguagePicker';
import Logo from '@/components/brand/Logo';
import { ThemeSwitch } from '@/components/ThemeSwitch';
import { useAppSelector } from '@/store';
import css from './layouts.module.css';

function StageArt() {
  return (
    <svg viewBox="0 0 400 300" width="100%" height="100%" aria-hidden="true" focusable="false" className={css.art} preserveAspectRatio="xMidYMid slice">
      <defs>
        <radialGradient id="spot1" cx="30%" cy="0%" r="80%">
          <stop offset="0%" stopColor="#fff" stopOpacity="0.35" />
          <stop offset="100%" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
        <radialGradient id="spot2" cx="80%" cy="10%" r="70%">
          <stop offset="0%" stopColor="#fde68a" stopOpacity="0.28" />
          <stop offset="100%" stopColor="#fde68a" stopOpacity="0" />
        </radialGradient>
      </defs>
      <polygon points="90,0 150,0 260,300 -40,300" fill="url(#spot1)" />
      <polygon points="300,0 340,0 430,300 170,300" fill="url(#spot2)" />
      <circle cx="340" cy="250" r="120" fill="#fff" opacity="0.05" />
      <circle cx="40" cy="40" r="70" fill="#fff" opacity="0.05" />
    </svg>
  );
}

/** Auth pages: brand panel with a stage-light gradient on the left, a centred card on the right. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  const siteName = useAppSelector((s) => s.ui.siteName);
  const t = useTranslations('shell');
  return (
    <div className={`public-shell ${css.shell}`}>
      <aside className="public-hero" aria-hidden="false">
        <StageArt />
        <div className="public-hero-inner">
          <Link href="/" aria-label={t('homeOf', { site: siteName })} className={css.homeLink}>
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src="/logo-dark.svg" alt={siteName} height={36} />
          </Link>
          <div>
            <h2 className="public-hero-title">{t.rich('heroTitle', { br: () => <br /> })}</h2>
            <ul className="public-hero-list">
              <li><CheckCircleFilled /> {t('heroPoint1')}</li>
              <li><CheckCircleFilled /> {t('heroPoint2')}</li>
              <li><CheckCircleFilled /> {t('heroPoint3')}</li>
            </ul>
          </div>
          <Typography.Text className={css.copyright}>© {new Date().getFullYear()} {siteName}</Typography.Text>
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="public-main">
        <Flex justify="space-between" align="center" className="public-topbar">
          <span className="show-lg-down">
            <Logo height={30} />
          </span>
          <span />
          <span>
            <LanguagePicker />
            <ThemeSwitch />
          </span>
        </Flex>
        <div className={`public-card ${css.card}`}>
          {children}
        </div>
      </main>
    </div>
  );
}
