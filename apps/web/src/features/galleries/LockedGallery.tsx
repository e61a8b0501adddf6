'use client';
import { useEffect, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { Button } from 'antd';
import { useTranslations } from 'next-intl';
import { LockFilled, PictureOutlined } from '@ant-design/icons';
import type { Gallery } from '@stagepass/shared';
import { useLatch } from '@/lib/use-latch';
import { useFormat } from '@/lib/format';
import { useMySubscription } from '@/lib/use-my-subscription';
import { useAppDispatch } from '@/store';
import { openSubscriptionModal } from '@/store/subscription';
import { coverPicture } from './parts';
import css from './galleries.module.css';

/** The unlock dialog (wallet, coupon, payment) is fetched the first time a fan opens it. */
const UnlockModal = dynamic(() => import('@/features/payments/UnlockModal'), { ssr: false });

/**
 * A locked gallery: the blurred cover (the only picture a locked gallery carries), a lock, the
 * photo count and the call to action — `Unlock for $X.XX` (for sale: the wallet purchase dialog,
 * POST /wallet/charges/gallery/{id}) or `Subscribe to see these photos` (the subscribe modal).
 * `onUnlocked` runs after a purchase, and once the fan's subscription to the creator is active
 * (the subscribe dialog revalidates that SWR entry), so the page reloads the gallery.
 */
export default function LockedGallery({ gallery: g, onUnlocked }: { gallery: Gallery; onUnlocked: () => unknown }) {
  const dispatch = useAppDispatch();
  const t = useTranslations('galleries');
  const { money } = useFormat();
  const [unlockOpen, setUnlockOpen] = useState(false);
  const unlockWanted = useLatch(unlockOpen);
  const forSale = g.access === 'sale';
  const { sub } = useMySubscription(!forSale ? g.performerId : null);
  const active = Boolean(sub?.isActive);
  const reloaded = useRef(false);
  useEffect(() => {
    if (forSale || !active || reloaded.current) return;
    reloaded.current = true;
    void onUnlocked();
  }, [forSale, active, onUnlocked]);

  const pic = coverPicture(g.cover);
  return (
    <section className={`locked ${css.locked}`} aria-label={t('locked')}>
      {/* the gallery's own blurred cover (dynamic) */}
      <div className="locked-bg blurred" style={pic ? { backgroundImage: `url(${pic.src})` } : undefined} aria-hidden="true" />
      <div className="locked-body">
        <div className="locked-icon" aria-hidden="true">
          <LockFilled aria-hidden="true" />
        </div>
        <div className="locked-inside">
          <span>
            <PictureOutlined aria-hidden="true" /> {t('photos', { count: g.totalPhoto })}
          </span>
        </div>
        {forSale ? (
          <Button type="primary" size="large" onClick={() => setUnlockOpen(true)}>
            {t('unlockFor', { price: money(g.price) })}
          </Button>
        ) : (
          <Button type="primary" size="large" onClick={() => dispatch(openSubscriptionModal({ performer: g.performer, subscriptionType: 'monthly' }))}>
            {t('subscribeToSee')}
          </Button>
        )}
      </div>
      {forSale && unlockWanted && (
        <UnlockModal
          target={{ kind: 'gallery', id: g._id, price: g.price, performerId: g.performerId, creatorName: g.performer.name }}
          open={unlockOpen}
          onClose={() => setUnlockOpen(false)}
          onUnlocked={onUnlocked}
        />
      )}
    </section>
  );
}
