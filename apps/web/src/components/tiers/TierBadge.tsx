/**
 * A subscription tier's badge (issue 30 §1): a dot of the tier's colour and its name, in the
 * theme's text colour (so contrast holds in light and dark whatever the colour), with a border of
 * the colour. One component for every place a fan's tier shows: the subscriber list, comments,
 * messages, live chat (creator's view) and the tier pickers. Its label is in the `subscriptions` messages (shipped with the shell: the subscribe dialog shows it).
 */
import { useTranslations } from 'next-intl';
import type { TierBadgeInfo } from '@stagepass/shared';
import css from './tier-badge.module.css';

export default function TierBadge({ tier, size = 'default' }: { tier: Pick<TierBadgeInfo, 'name' | 'colour'> | null | undefined; size?: 'default' | 'small' }) {
  const t = useTranslations('subscriptions');
  if (!tier) return null;
  const label = t('tierBadgeLabel', { name: tier.name });
  return (
    <span className={size === 'small' ? `${css.badge} ${css.small}` : css.badge} style={{ ['--tier' as string]: tier.colour }} aria-label={label} title={label}>
      <span className={css.dot} aria-hidden />
      <span>{tier.name}</span>
    </span>
  );
}
