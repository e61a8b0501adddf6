'use client';
/**
 * The creator profile's promotions (issue 30 §3): the running campaigns as badges, and — when the
 * visitor came through a free-trial link (`/<username>?trial=<code>`) — the link's offer with a
 * button that opens the subscribe dialog on that trial.
 */
import { useSearchParams } from 'next/navigation';
import { Alert, Button, Space } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { trialCodeSchema, type PublicUser } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import { useFormat } from '@/lib/format';
import { useAppDispatch, useCurrentUser } from '@/store';
import { openSubscriptionModal } from '@/store/subscription';
import PromotionBadge from '@/components/promotions/PromotionBadge';
import css from './promotions.module.css';

export function ProfilePromotionBadges({ profile }: { profile: PublicUser }) {
  const t = useTranslations('profile');
  const promos = useRoute(routes.promotions.ofPerformer, { params: { performerId: profile._id } });
  if (!promos.data?.length) return null;
  return (
    <Space wrap size={[4, 4]} className={css.badges} aria-label={t('promotions')}>
      {promos.data.map((p) => (
        <PromotionBadge key={p._id} promotion={p} />
      ))}
    </Space>
  );
}

export function TrialLinkOffer({ profile, isOwner }: { profile: PublicUser; isOwner: boolean }) {
  const dispatch = useAppDispatch();
  const me = useCurrentUser();
  const t = useTranslations('profile');
  const fmt = useFormat();
  const raw = useSearchParams().get('trial');
  const code = raw && trialCodeSchema.safeParse(raw).success ? trialCodeSchema.parse(raw) : null;
  const link = useRoute(routes.promotions.trialLink, code && !isOwner ? { params: { code } } : null);
  if (!code || isOwner) return null;
  if (link.error) return <Alert className={css.offer} type="warning" showIcon title={t('trialEnded')} description={t('trialEndedText')} />;
  const l = link.data;
  if (!l || l.performer._id !== profile._id) return null;
  return (
    <Alert
      className={css.offer}
      type="success"
      showIcon
      icon={<GiftOutlined />}
      title={l.tierName ? t('trialLinkTier', { count: l.days, tier: l.tierName }) : t('trialLink', { count: l.days })}
      description={t('trialLinkText', { count: l.left, date: fmt.shortDate(l.endsAt) })}
      action={
        me?.isPerformer ? undefined : (
          <Button type="primary" onClick={() => dispatch(openSubscriptionModal({ performer: profile, subscriptionType: 'free', trialCode: l.code }))}>
            {t('startTrial')}
          </Button>
        )
      }
    />
  );
}
