'use client';
import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { App, Button, type ButtonProps } from 'antd';
import { CheckOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { FollowState } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useAppDispatch, useAppSelector, useCurrentUser } from '@/store';
import { follow, unfollow } from '@/store/follow';

/**
 * "Follow" / "Following" for one creator. The Redux follow slice (followedIds, unique) is the
 * source of truth once the page has seen the creator: an API answer saying the caller follows
 * adds the id; clicking follows (POST /follows/{id}) or unfollows (DELETE /follows/{id}).
 */
export default function FollowButton({
  performerId,
  isFollowed,
  onChange,
  size,
  block,
}: {
  performerId: string;
  isFollowed?: boolean;
  onChange?: (s: FollowState) => void;
  size?: ButtonProps['size'];
  block?: boolean;
}) {
  const { message } = App.useApp();
  const t = useTranslations('social');
  const router = useRouter();
  const dispatch = useAppDispatch();
  const me = useCurrentUser();
  const followed = useAppSelector((s) => s.follow.followedIds.includes(performerId));
  const [busy, setBusy] = useState(false);
  const [hover, setHover] = useState(false);

  useEffect(() => {
    if (isFollowed) dispatch(follow(performerId));
  }, [isFollowed, performerId, dispatch]);

  if (me && me._id === performerId) return null;

  const toggle = async () => {
    if (!me) {
      router.push('/auth/login');
      return;
    }
    setBusy(true);
    const was = followed;
    dispatch(was ? unfollow(performerId) : follow(performerId));
    try {
      const s = await call(was ? routes.follows.unfollow : routes.follows.follow, { params: { id: performerId } });
      dispatch(s.isFollowed ? follow(performerId) : unfollow(performerId));
      onChange?.(s);
    } catch (e) {
      dispatch(was ? follow(performerId) : unfollow(performerId));
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size={size}
      block={block}
      type={followed ? 'default' : 'primary'}
      danger={followed && hover}
      icon={followed ? <CheckOutlined /> : <UserAddOutlined />}
      loading={busy}
      aria-pressed={followed}
      aria-label={t(followed ? 'following' : 'follow')}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onClick={() => void toggle()}
      title={followed ? t('clickToUnfollow') : undefined}
    >
      {t(followed ? 'following' : 'follow')}
    </Button>
  );
}
