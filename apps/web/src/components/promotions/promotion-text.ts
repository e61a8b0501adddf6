/**
 * A promotion's words in the page's language (the `promotions` messages; issue 30 §3): the offer
 * ("50 % off for 3 months", "Free for 7 days"), the badge with what is left ("… — 12 left") and the
 * subscribe dialog's price line ("$4.97 for 3 months, then $9.95"), prices through useFormat().
 * English word for word as packages/shared `promotionOffer`, `promotionLabel`, `promotedPriceLabel`.
 */
import { useTranslations } from 'next-intl';
import type { PublicPromotion } from '@stagepass/shared';
import { useFormat } from '@/lib/format';

type Shape = Pick<PublicPromotion, 'kind' | 'percentage' | 'months' | 'days'>;

export function usePromotionText() {
  const t = useTranslations('promotions');
  const f = useFormat();
  const offer = (p: Shape) => (p.kind === 'discount' ? t('offerDiscount', { percentage: p.percentage ?? 0, months: p.months ?? 1 }) : t('offerTrial', { days: p.days ?? 0 }));
  return {
    offer,
    /** The badge: "50 % off for 3 months — 12 left". */
    label: (p: Shape & { left: number }) => t('withLeft', { offer: offer(p), left: p.left }),
    /** "Promotion: …" (the badge's accessible name). */
    named: (text: string) => t('badgeLabel', { text }),
    /** The price line, prices in major units: "$4.97 for 3 months, then $9.95", "Free for 7 days, then $9.95". */
    price: (p: Shape, promoted: number, full: number) =>
      p.kind === 'discount' ? t('priceDiscount', { promoted: f.money(promoted), full: f.money(full), months: p.months ?? 1 }) : t('priceTrial', { days: p.days ?? 0, full: f.money(full) }),
  };
}
