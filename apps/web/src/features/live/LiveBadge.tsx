import Link from 'next/link';
import { useTranslations } from 'next-intl';
import css from './live.module.css';

/** "LIVE" (a pulsing dot); with `href`, a link to the live page named for screen readers. */
export default function LiveBadge({ href, name }: { href?: string; name?: string }) {
  const t = useTranslations('liveWatch');
  const body = (
    <>
      <span className={css.dot} aria-hidden />
      {t('live')}
    </>
  );
  if (!href)
    return (
      <span className={css.liveBadge} data-testid="live-badge">
        {body}
      </span>
    );
  return (
    <Link href={href} prefetch={false} className={css.liveBadge} aria-label={name ? t('watchName', { name }) : t('watchNow')} data-testid="live-badge">
      {body}
    </Link>
  );
}
