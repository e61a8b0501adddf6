import Link from 'next/link';
import css from './live.module.css';

/** "LIVE" (a pulsing dot); with `href`, a link to the live page named for screen readers. */
export default function LiveBadge({ href, name }: { href?: string; name?: string }) {
  const body = (
    <>
      <span className={css.dot} aria-hidden />
      LIVE
    </>
  );
  if (!href)
    return (
      <span className={css.liveBadge} data-testid="live-badge">
        {body}
      </span>
    );
  return (
    <Link href={href} prefetch={false} className={css.liveBadge} aria-label={name ? `${name} is live now — watch` : 'Live now — watch'} data-testid="live-badge">
      {body}
    </Link>
  );
}
