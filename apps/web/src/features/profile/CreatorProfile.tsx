'use client';
import TaxedPrice from '@/components/money/TaxedPrice';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { LazyComposer as Composer } from '@/features/feeds/LazyComposer';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { App, Avatar, Button, Card, Descriptions, Dropdown, Flex, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import {
  CalendarOutlined, CheckCircleFilled, DollarOutlined, EditOutlined, EnvironmentOutlined, MessageOutlined, MoreOutlined, ShareAltOutlined, StarFilled, StarOutlined, StopOutlined,
} from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR, type Feed, type PerformerStats, type PublicUser } from '@stagepass/shared';
import { PROFILE_TAB_COUNTS, type ProfileTabKey } from './profile-tabs';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { useFormat } from '@/lib/format';
import { genderKey } from '@/components/form/gender-keys';
import { useAppDispatch, useCurrentUser } from '@/store';
import { openSubscriptionModal } from '@/store/subscription';
import { EmptyState } from '@/components/states';
import FollowButton from '@/features/social/FollowButton';
import FeedCard from '@/features/feeds/FeedCard';
import FeedList from '@/features/feeds/FeedList';
import { blockedPath } from '@/components/UserMenu';
import { useMySubscription } from '@/lib/use-my-subscription';
import { LinkedText } from '@/features/feeds/RichText';
import { useBlockActions, useBlockedByMe } from '@/features/blocking/useBlocking';
import css from './profile.module.css';
import VerifiedBadge from '@/components/VerifiedBadge';
import { PrivateShowButton, ProfileLiveBadge } from '@/features/live/ProfileLive';
import ProfilePlannedStreams from '@/features/live/ProfilePlannedStreams';
import { ProfilePromotionBadges, TrialLinkOffer } from '@/features/promotions/ProfilePromotions';
import width from '@/components/layouts/page-width.module.css';
import ProfileLabelChips from '@/features/labels/ProfileLabelChips';

/** The tip dialog is fetched when a fan first opens it. */
const TipModal = dynamic(() => import('@/features/payments/TipModal'), { ssr: false });
const TipMenuPanel = dynamic(() => import('@/features/tipmenu/TipMenuPanel'), { ssr: false });
/** The catalogue tabs load their code when first opened. */
const tabLoading = () => <Skeleton active paragraph={{ rows: 4 }} />;
const CreatorVideos = dynamic(() => import('@/features/videos/CreatorVideos'), { loading: tabLoading });
const CreatorGalleries = dynamic(() => import('@/features/galleries/CreatorGalleries'), { loading: tabLoading });
const CreatorShop = dynamic(() => import('@/features/shop/CreatorShop'), { loading: tabLoading });

/** Each counted tab's name in the profile messages. */
const TAB_NAMES = { posts: 'tabPosts', videos: 'tabVideos', galleries: 'tabGalleries', shop: 'tabShop' } as const satisfies Record<ProfileTabKey, string>;

/** A tab's name with its count once known ("Videos 12"): counts from PROFILE_TAB_COUNTS. */
function TabLabel({ tab, stats }: { tab: ProfileTabKey; stats: PerformerStats | undefined }) {
  const t = useTranslations('profile');
  const fmt = useFormat();
  const entry = PROFILE_TAB_COUNTS.find((x) => x.key === tab)!;
  const count = stats ? entry.count(stats) : undefined;
  return (
    <span>
      {t(TAB_NAMES[tab])}
      {count !== undefined && <span className={`muted ${css.tabCount}`}> {fmt.compactNumber(count)}</span>}
    </span>
  );
}

/**
 * Subscribe with its price ("Subscribe · $9.95/mo", or "Free for 7 days" when the creator offers a
 * free trial the visitor can still take), or "Subscribed" (until / renews on) when the fan's
 * subscription grants access. The terms come from GET /subscriptions/offer/{id} (the subscribe
 * dialog reads the same SWR key).
 */
function SubscribeAction({ profile }: { profile: PublicUser }) {
  const dispatch = useAppDispatch();
  const me = useCurrentUser();
  const router = useRouter();
  const t = useTranslations('profile');
  const fmt = useFormat();
  const { sub, isLoading } = useMySubscription(profile._id);
  const offer = useRoute(routes.subscriptions.offer, me?.isPerformer ? null : { params: { id: profile._id } });
  if (me?.isPerformer) return null;
  if (isLoading || (offer.isLoading && !offer.data)) return <Skeleton.Button active className={css.subscribeSkeleton} />;
  if (sub?.isActive) {
    const date = fmt.shortDate(sub.expiresAt);
    const when = sub.renewing ? t('renews', { date }) : t('until', { date });
    return (
      <Button icon={<CheckCircleFilled className={css.subscribed} />} onClick={() => router.push('/user/subscriptions')} title={t('manageSubscriptions')}>
        {t('subscribed')} <span className={`muted ${css.small}`}>· {when}</span>
      </Button>
    );
  }
  const o = offer.data;
  // The trial is for new subscribers only (as in the subscribe dialog).
  const trial = Boolean(o?.freeSubscriptionEnabled && !sub);
  const label = !o
    ? t('subscribe')
    : trial
      ? t('freeFor', { count: o.freeSubscriptionDays })
      : t.rich('subscribeFor', { price: () => <TaxedPrice amount={o.monthlyPrice} kind="subscription" suffix={t('perMonthSuffix')} /> });
  return (
    <Button
      type="primary"
      title={o && trial ? t('thenPerMonth', { price: fmt.money(o.monthlyPrice) }) : undefined}
      onClick={() => dispatch(openSubscriptionModal({ performer: profile, subscriptionType: trial ? 'free' : 'monthly' }))}
    >
      {label}
    </Button>
  );
}

/** The creator's welcome video, above their posts (no autoplay: visitors start it). */
function WelcomeVideo({ src, name }: { src: string; name: string }) {
  const t = useTranslations('profile');
  return (
    <Card size="small" title={t('welcomeVideo')} className={css.welcome}>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a creator's upload: the site has no caption files to offer (no caption upload yet) */}
      <video src={src} controls playsInline preload="metadata" aria-label={t('welcomeVideoFrom', { name })} className={css.video} />
    </Card>
  );
}

function Stat({ value, label, loading }: { value?: number; label: string; loading: boolean }) {
  const fmt = useFormat();
  return (
    <div className="profile-stat">
      {loading ? <Skeleton.Button active size="small" className={css.statSkeleton} /> : <strong>{fmt.compactNumber(value)}</strong>}
      <span>{label}</span>
    </div>
  );
}

/**
 * "More" on someone else's profile: Block / Unblock (whether they are blocked is read when the menu
 * first opens). A blocked creator's page is no longer shown to the blocker (404): after blocking,
 * the blocked list opens, where the block can be undone.
 */
function ProfileMenu({ profile }: { profile: PublicUser }) {
  const router = useRouter();
  const me = useCurrentUser();
  const t = useTranslations('profile');
  const [opened, setOpened] = useState(false);
  const blocked = useBlockedByMe(profile._id, opened);
  const { block, unblock } = useBlockActions();
  const who = { _id: profile._id, name: profile.name };
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={(v) => v && setOpened(true)}
      menu={{
        items: [
          blocked
            ? { key: 'unblock', icon: <StopOutlined />, label: t('unblock'), onClick: () => unblock(who) }
            : { key: 'block', icon: <StopOutlined />, label: t('block'), danger: true, disabled: blocked === undefined, onClick: () => block(who, () => me && router.push(blockedPath(me))) },
        ],
      }}
    >
      <Button icon={<MoreOutlined />} aria-label={t('moreActions')} />
    </Dropdown>
  );
}

/** Creator profile: cover, avatar, name, stats, follow/subscribe/share/message, tabs Posts, Videos, Galleries, Shop (with counts) and About. */
export default function CreatorProfile({ profile, isOwner }: { profile: PublicUser & { languages?: string[] }; isOwner: boolean }) {
  const { message } = App.useApp();
  const me = useCurrentUser();
  const t = useTranslations('profile');
  const tf = useTranslations('forms');
  const fmt = useFormat();
  const stats = useRoute(routes.search.stats, { params: { id: profile._id } });
  const [posted, setPosted] = useState<Feed[]>([]);
  const [bookmarked, setBookmarked] = useState<boolean | null>(null);
  const [tipOpen, setTipOpen] = useState(false);
  const handle = profile.username || profile._id;
  // The label filter (issue 31 §3): `?label=<id>` in the URL, passed on to the posts, videos and galleries lists.
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const label = search.get('label');
  const chooseLabel = (id: string | null) => {
    const q = new URLSearchParams(search.toString());
    if (id) q.set('label', id);
    else q.delete('label');
    router.replace(q.size ? `${pathname}?${q}` : pathname, { scroll: false });
  };

  const share = async () => {
    const url = `${window.location.origin}/${handle}`;
    try {
      await navigator.clipboard.writeText(url);
      message.success(t('linkCopied'));
    } catch {
      message.info(url);
    }
  };

  const toggleBookmark = async () => {
    const body = { objectId: profile._id, objectType: 'performer' as const, action: 'bookmark' as const };
    try {
      const s = bookmarked ? await call(routes.reactions.unreact, { body }) : await call(routes.reactions.react, { body });
      setBookmarked(s.reacted);
      message.success(t(s.reacted ? 'bookmarkSaved' : 'bookmarkRemoved'));
    } catch (e) {
      message.error(errorText(e));
    }
  };

  const gender = genderKey(profile.gender);
  const about = [
    { key: 'bio', label: t('bio'), children: profile.bio ? <span className={css.preLine}><LinkedText text={profile.bio} /></span> : <span className="muted">{t('noBio')}</span> },
    ...(profile.country ? [{ key: 'country', label: t('country'), children: profile.country }] : []),
    { key: 'joined', label: t('joined'), children: fmt.monthYear(profile.createdAt) },
    ...(profile.languages?.length ? [{ key: 'languages', label: t('languages'), children: profile.languages.join(', ') }] : []),
    ...(gender ? [{ key: 'gender', label: t('gender'), children: tf(gender) }] : []),
  ];

  return (
    <div className={`container ${width.w980} ${css.page}`}>
      {/* the creator's own cover (dynamic) */}
      <div className="profile-cover" style={{ backgroundImage: profile.cover ? `url(${profile.cover})` : undefined }} role="img" aria-label={t('coverOf', { name: profile.name })} />
      <div className="profile-head">
        <Avatar src={profile.avatar || DEFAULT_AVATAR} alt={t('avatarOf', { name: profile.name })} size={132} className="profile-avatar" />
        <div className={css.nameBox}>
          <div className={css.nameLine}>
            <h1 className="profile-name">{profile.name}</h1>
            {profile.verified && <VerifiedBadge size="large" />}
            <ProfileLiveBadge performer={profile} />
          </div>
          {profile.username && <Typography.Text type="secondary" className={css.handle}>@{profile.username}</Typography.Text>}
          <ProfilePromotionBadges profile={profile} />
        </div>
        <Space wrap className={css.actions}>
          <Button icon={<ShareAltOutlined />} aria-label={t('share')} onClick={() => void share()} />
          {isOwner ? (
            <Link href="/creator/account">
              <Button icon={<EditOutlined />}>{t('editProfile')}</Button>
            </Link>
          ) : (
            <>
              {me && (
                <Button
                  aria-label={t(bookmarked ? 'removeBookmark' : 'bookmark')}
                  icon={bookmarked ? <StarFilled className={css.starred} /> : <StarOutlined />}
                  onClick={() => void toggleBookmark()}
                />
              )}
              <FollowButton
                performerId={profile._id}
                isFollowed={stats.data?.isFollowed}
                onChange={(s) => void stats.mutate((d) => (d ? { ...d, isFollowed: s.isFollowed, totalFollowers: s.totalFollowers } : d), { revalidate: false })}
              />
              {me && !me.isPerformer && (
                <Button icon={<DollarOutlined aria-hidden />} onClick={() => setTipOpen(true)}>
                  {t('sendTip')}
                </Button>
              )}
              <Button href={me ? `/messages?to=${profile._id}&source=performer` : '/auth/login'} icon={<MessageOutlined aria-hidden />}>
                {t('message')}
              </Button>
              <SubscribeAction profile={profile} />
              {me && !me.isPerformer && <PrivateShowButton performer={profile} />}
              {me && <ProfileMenu profile={profile} />}
            </>
          )}
        </Space>
      </div>
      <TrialLinkOffer profile={profile} isOwner={isOwner} />
      {tipOpen && <TipModal performer={profile} open={tipOpen} onClose={() => setTipOpen(false)} />}
      <div className="profile-stats" aria-label={t('creatorStats')}>
        <Stat value={stats.data?.totalFeeds} label={t('statPosts')} loading={stats.isLoading} />
        <Stat value={stats.data?.totalFollowers} label={t('statFollowers')} loading={stats.isLoading} />
        <Stat value={stats.data?.totalLikes} label={t('statLikes')} loading={stats.isLoading} />
      </div>
      <div className={css.intro}>
        {profile.bio && (
          <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }} className={css.bio}>
            <LinkedText text={profile.bio} />
          </Typography.Paragraph>
        )}
        <Flex gap={16} wrap className={css.facts}>
          <span>
            <CalendarOutlined /> {t('joinedOn', { date: fmt.monthYear(profile.createdAt) })}
          </span>
          {profile.country && (
            <span>
              <EnvironmentOutlined /> {profile.country}
            </span>
          )}
          <Tag color="purple">{t('creatorTag')}</Tag>
        </Flex>
        <ProfilePlannedStreams performerId={profile._id} />
        <TipMenuPanel performer={profile} showMine />
      </div>
      <div className="profile-body">
        <ProfileLabelChips username={handle} value={label} onChange={chooseLabel} />
        <Tabs
          items={[
            {
              key: 'posts',
              label: <TabLabel tab="posts" stats={stats.data} />,
              children: (
                <div className="profile-feed">
                  {profile.welcomeVideo && <WelcomeVideo src={profile.welcomeVideo} name={profile.name} />}
                  {isOwner && (
                    <div className={css.composer}>
                      <Composer onDone={(f) => { setPosted((p) => [f, ...p]); void stats.mutate(); }} />
                    </div>
                  )}
                  {posted.map((f) => (
                    <FeedCard key={f._id} feed={f} onDeleted={(id) => setPosted((p) => p.filter((x) => x._id !== id))} />
                  ))}
                  <FeedList
                    key={label ?? 'all'}
                    route={routes.feeds.byCreator}
                    params={{ username: handle }}
                    query={{ sortBy: 'publishAt', sort: 'desc', label: label ?? undefined }}
                    empty={
                      posted.length ? null : label ? (
                        <Card>
                          <EmptyState title={t('noLabelPostsTitle')} description={t('noLabelPostsText')} />
                        </Card>
                      ) : (
                        <Card>
                          <EmptyState
                            title={t('noPostsTitle')}
                            description={isOwner ? t('noPostsOwner') : t('noPostsOther', { name: profile.name.split(' ')[0] ?? profile.name })}
                          />
                        </Card>
                      )
                    }
                  />
                </div>
              ),
            },
            {
              key: 'videos',
              label: <TabLabel tab="videos" stats={stats.data} />,
              children: <CreatorVideos performerId={profile._id} isOwner={isOwner} label={label} />,
            },
            {
              key: 'galleries',
              label: <TabLabel tab="galleries" stats={stats.data} />,
              children: <CreatorGalleries performerId={profile._id} isOwner={isOwner} label={label} />,
            },
            {
              key: 'shop',
              label: <TabLabel tab="shop" stats={stats.data} />,
              children: <CreatorShop performerId={profile._id} isOwner={isOwner} />,
            },
            {
              key: 'about',
              label: t('tabAbout'),
              children: (
                <Card>
                  <Descriptions column={1} items={about} />
                </Card>
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}
