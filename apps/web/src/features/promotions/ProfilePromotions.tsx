'use client';
/**
 * The creator profile's promotions (issue 30 §3): the running campaigns as badges, and — when the
 * visitor came through a free-trial link (`/<username>?trial=<code>`) — the link's offer with a
 * button that opens the subscribe dialog on that trial.
 */
import { useSearchParams } from 'next/navigation';
import { Alert, Button, Space } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { trialCodeSchema, type PublicUser } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import { plural } from '@/lib/format';
import { shortDate } from '@/components/list/table-helpers';
import { useAppDispatch, useCurrentUser } from '@/store';
import { openSubscriptionModal } from '@/store/subscription';
import PromotionBadge from '@/components/promotions/PromotionBadge';
import css from './promotions.module.css';

export function ProfilePromotionBadges({ profile }: { profile: PublicUser }) {
  const promos = useRoute(routes.promotions.ofPerformer, { params: { performerId: profile._id } });
  if (!promos.data?.length) return null;
  return (
    <Space wrap size={[4, 4]} className={css.badges} aria-label="Promotions">
      {promos.data.map((p) => (
        <PromotionBadge key={p._id} promotion={p} />
      ))}
    </Space>
  );
}

export function TrialLinkOffer({ profile, isOwner }: { profile: PublicUser; isOwner: boolean }) {
  const dispatch = useAppDispatch();
  const me = useCurrentUser();
  const raw = useSearchParams().get('trial');
  const code = raw && trialCodeSchema.safeParse(raw).success ? trialCodeSchema.parse(raw) : null;
  const link = useRoute(routes.promotions.trialLink, code && !isOwner ? { params: { code } } : null);
  if (!code || isOwner) return null;
  if (link.error) return <Alert className={css.offer} type="warning" showIcon title="This trial link has ended" description="Its free days were all claimed, or it expired. You can still subscribe." />;
  const l = link.data;
  if (!l || l.performer._id !== profile._id) return null;
  return (
    <Alert
      className={css.offer}
      type="success"
      showIcon
      icon={<GiftOutlined />}
      title={`Free for ${plural(l.days, 'day')} with this trial link${l.tierName ? ` (${l.tierName})` : ''}`}
      description={`${plural(l.left, 'trial')} left · until ${shortDate(l.endsAt)} · a card is needed; cancel before the trial ends and you pay nothing.`}
      action={
        me?.isPerformer ? undefined : (
          <Button type="primary" onClick={() => dispatch(openSubscriptionModal({ performer: profile, subscriptionType: 'free', trialCode: l.code }))}>
            Start free trial
          </Button>
        )
      }
    />
  );
}
