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
  // The default logo's size is known (176 × 40): its width is reserved before it loads (no layout shift). An operator's own logo keeps its own ratio.
  const width = src === '/logo.svg' ? Math.round((height * 176) / 40) : undefined;
  // eslint-disable-next-line @next/next/no-img-element
  const img = <img src={src} alt={siteName} height={height} width={width} className={css.logo} />;
  if (!href) return img;
  return (
    <Link href={href} aria-label={`${siteName} home`} className={css.logoLink}>
      {img}
    </Link>
  );
}
