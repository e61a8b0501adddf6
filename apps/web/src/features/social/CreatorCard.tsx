'use client';
import Link from 'next/link';
import { Avatar, Card, Skeleton, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR, type PerformerListItem } from '@stagepass/shared';
import { useFormat } from '@/lib/format';
import FollowButton from './FollowButton';
import VerifiedBadge from '@/components/VerifiedBadge';
import css from './social.module.css';

type CreatorLike = Pick<PerformerListItem, '_id' | 'name' | 'username' | 'avatar'> & Partial<Pick<PerformerListItem, 'totalFollowers' | 'isFollowed' | 'cover' | 'bio' | 'verified'>>;

export const creatorPath = (c: { _id: string; username: string | null }) => `/${c.username || c._id}`;

/** One line: avatar, name, @username (→ profile), followers, follow button. */
export function CreatorRow({ creator, showFollow = true, extra }: { creator: CreatorLike; showFollow?: boolean; extra?: React.ReactNode }) {
  const t = useTranslations('social');
  const fmt = useFormat();
  return (
    <div className="creator-row">
      <Link href={creatorPath(creator)} className="creator-row-link">
        <Avatar src={creator.avatar || DEFAULT_AVATAR} alt="" size={44} />
        <div className={css.rowText}>
          <span className={css.nameLine}>
            <Typography.Text strong ellipsis>
              {creator.name}
            </Typography.Text>
            {creator.verified && <VerifiedBadge />}
          </span>
          <Typography.Text type="secondary" ellipsis className={css.handle}>
            {creator.username ? `@${creator.username}` : ''}
            {typeof creator.totalFollowers === 'number' ? `${creator.username ? ' · ' : ''}${t('followersCompact', { count: creator.totalFollowers, n: fmt.compactNumber(creator.totalFollowers) })}` : ''}
          </Typography.Text>
        </div>
      </Link>
      {extra}
      {showFollow && <FollowButton performerId={creator._id} isFollowed={creator.isFollowed} size="small" />}
    </div>
  );
}

/** A tile with cover, avatar, name, bio and follow button (search results, empty timeline). */
export function CreatorTile({ creator }: { creator: CreatorLike }) {
  const t = useTranslations('social');
  return (
    <Card className="creator-tile" styles={{ body: { padding: 0 } }}>
      {/* the creator's own cover (dynamic) */}
      <Link href={creatorPath(creator)} aria-label={t('profileOf', { name: creator.name })} className="creator-tile-cover" style={{ backgroundImage: creator.cover ? `url(${creator.cover})` : undefined }} />
      <div className="creator-tile-body">
        <Avatar src={creator.avatar || DEFAULT_AVATAR} alt="" size={64} className="creator-tile-avatar" />
        <span className={css.nameLine}>
          <Link href={creatorPath(creator)} className="creator-tile-name">
            {creator.name}
          </Link>
          {creator.verified && <VerifiedBadge />}
        </span>
        <Typography.Text type="secondary" className={css.small13}>
          {creator.username ? `@${creator.username}` : '\u00a0'}
        </Typography.Text>
        {typeof creator.totalFollowers === 'number' && (
          <Typography.Text type="secondary" className={css.small12}>
            {t('followers', { count: creator.totalFollowers })}
          </Typography.Text>
        )}
        {creator.bio && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className={css.bio}>
            {creator.bio}
          </Typography.Paragraph>
        )}
        <div className={css.follow}>
          <FollowButton performerId={creator._id} isFollowed={creator.isFollowed} block />
        </div>
      </div>
    </Card>
  );
}

export function CreatorRowSkeleton({ rows = 3 }: { rows?: number }) {
  const t = useTranslations('social');
  return (
    <div aria-busy="true" aria-label={t('loadingCreators')}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="creator-row">
          <Skeleton.Avatar active size={44} />
          <Skeleton active title={{ width: '70%' }} paragraph={{ rows: 1, width: '50%' }} className={css.grow} />
        </div>
      ))}
    </div>
  );
}
