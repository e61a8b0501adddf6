'use client';
import { Button, Skeleton } from 'antd';
import { useTranslations } from 'next-intl';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import FilterBar from '@/components/list/FilterBar';
import css from './labels.module.css';

/**
 * The creator's labels as filter chips on their profile (GET /labels/creator/{username}: only labels
 * carrying items the visitor may see): "All", then each label. The choice is the page's `label`
 * query parameter, which the posts, videos and galleries lists pass on. Nothing shows without labels.
 */
export default function ProfileLabelChips({ username, value, onChange }: { username: string; value: string | null; onChange: (label: string | null) => void }) {
  const t = useTranslations('profile');
  const chips = useRoute(routes.labels.ofCreator, { params: { username } });
  if (chips.isLoading) return <Skeleton.Button active size="small" aria-hidden="true" />;
  const labels = chips.data ?? [];
  if (labels.length === 0) return null;
  const chip = (id: string | null, name: string, count?: number) => {
    const on = value === id;
    return (
      <li key={id ?? 'all'}>
        <Button size="small" shape="round" type={on ? 'primary' : 'default'} aria-pressed={on} onClick={() => onChange(id)}>
          {name}
          {count !== undefined && <span className={css.chipCount}>{count}</span>}
        </Button>
      </li>
    );
  };
  return (
    <FilterBar label={t('filterByLabel')}>
      <ul className={css.chips} aria-label={t('labels')}>
        {chip(null, t('allLabels'))}
        {labels.map((l) => chip(l._id, l.name, l.counts.feed + l.counts.video + l.counts.gallery))}
      </ul>
    </FilterBar>
  );
}
