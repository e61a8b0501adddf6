'use client';
/**
 * The "Minimum tier" field of the creator's content forms (posts, videos, galleries, mass
 * messages, streams; issue 30 §1): any subscriber (null) or one of the creator's tiers — every
 * tier ranked at or above it opens the item. A Form.Item named `minTierId`.
 */
import { Form, Select } from 'antd';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import { money } from '@/lib/format';
import TierBadge from './TierBadge';

export default function MinTierSelect({ id = 'min-tier', name = 'minTierId' }: { id?: string; name?: string }) {
  const { data, isLoading } = useRoute(routes.subscriptions.myTiers, {});
  const tiers = data ?? [];
  if (!isLoading && tiers.length < 2) return null;
  return (
    <Form.Item name={name} label="Minimum tier" htmlFor={id} extra="Subscribers on this tier or a higher one see it; the others see it locked.">
      <Select
        id={id}
        loading={isLoading}
        options={[
          { value: null, label: 'Any subscriber' },
          ...tiers.map((t) => ({ value: t._id, label: <span><TierBadge tier={t} size="small" /> {money(t.price)}</span>, title: t.name })),
        ]}
      />
    </Form.Item>
  );
}
