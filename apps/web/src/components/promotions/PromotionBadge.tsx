/**
 * A running promotion's badge (issue 30 §3): "50 % off for 3 months — 12 left", "Free for 7 days —
 * 3 left". One component for the profile, the subscribe dialog and the creator's Promotions page
 * (its words: usePromotionText, the `promotions` messages).
 */
import { Tag } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import type { PublicPromotion } from '@stagepass/shared';
import { usePromotionText } from './promotion-text';

export default function PromotionBadge({ promotion, withLeft = true }: { promotion: Pick<PublicPromotion, 'kind' | 'percentage' | 'months' | 'days' | 'left' | 'tierName'>; withLeft?: boolean }) {
  const words = usePromotionText();
  const text = withLeft ? words.label(promotion) : words.offer(promotion);
  const full = promotion.tierName ? `${text} (${promotion.tierName})` : text;
  return (
    <Tag color="magenta" icon={<GiftOutlined aria-hidden />} aria-label={words.named(full)} title={words.named(full)}>
      {full}
    </Tag>
  );
}
