'use client';
import Link from 'next/link';
import { useAppSelector } from '@/store';
import { useTheme } from '@/lib/theme';
import css from '../ui.module.css';

/** Site logo from settings: logoUrl in light mode, darkmodeLogoUrl in dark mode. */
export default function Logo({ height = 32, href = '/' }: { height?: number; href?: string | null }) {
  const { siteName, logo, darkmodeLogo } = useAppSelector((s) => s.ui);
  const { resolved } = useTheme();
  const src = (resolved === 'dark' ? darkmodeLogo || logo : logo) || '/logo.svg';
  // eslint-disable-next-line @next/next/no-img-element
  const img = <img src={src} alt={siteName} height={height} className={css.logo} />;
  if (!href) return img;
  return (
    <Link href={href} aria-label={`${siteName} home`} className={css.logoLink}>
      {img}
    </Link>
  );
}
