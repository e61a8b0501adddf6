'use client';
import Link from 'next/link';
import { Button, Card, Skeleton, Tag } from 'antd';
import CoverImage from '@/components/CoverImage';
import { PictureOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { BookmarkItem, Gallery, Product, Video } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { accessWording } from '@/components/AccessTag';
import { useRouteList } from '@/lib/use-infinite-list';
import { EmptyState, ErrorState } from '@/components/states';
import ProductCard from '@/features/shop/ProductCard';
import css from './bookmarks.module.css';

type Kind = 'videos' | 'galleries' | 'products';

const TEXT: Record<Kind, { empty: string; hint: string; what: string }> = {
  videos: { empty: 'No saved videos', hint: 'Tap the star on a video to keep it here.', what: 'videos' },
  galleries: { empty: 'No saved galleries', hint: 'Tap the star on a gallery to keep it here.', what: 'galleries' },
  products: { empty: 'No saved products', hint: 'Tap the star on a product to keep it here.', what: 'products' },
};

function accessBadge(x: { access: string; price: number | null; isBought: boolean }): string {
  return accessWording(x.access, x.price, x.isBought);
}

/** A saved video or gallery: picture, title, creator and access; links to its page. */
function MediaCard({ href, title, creator, picture, badge, icon }: { href: string; title: string; creator: string; picture: string | null; badge: string; icon: React.ReactNode }) {
  return (
    <Link href={href} className={css.card} aria-label={`${title} by ${creator}, ${badge}`}>
      <div className={css.media}>
        {picture ? <CoverImage src={picture} /> : <span className={css.noImage} aria-hidden="true">{icon}</span>}
        <Tag variant="solid" color="purple" className={css.badge}>
          {badge}
        </Tag>
      </div>
      <div className={css.body}>
        <span className={css.title}>{title}</span>
        <span className={css.creator}>{creator}</span>
      </div>
    </Link>
  );
}

function ObjectCard({ kind, object }: { kind: Kind; object: unknown }) {
  if (kind === 'products') return <ProductCard product={object as Product} />;
  if (kind === 'videos') {
    const v = object as Video;
    return <MediaCard href={`/video/${v._id}`} title={v.title} creator={v.performer.name} picture={v.previewImage} badge={accessBadge(v)} icon={<PlayCircleOutlined />} />;
  }
  const g = object as Gallery;
  const picture = g.cover?.thumbnails[0] ?? g.cover?.url ?? g.cover?.preview ?? null;
  return <MediaCard href={`/gallery/${g._id}`} title={g.title} creator={g.performer.name} picture={picture} badge={accessBadge(g)} icon={<PictureOutlined />} />;
}

/** A bookmarks tab of the catalogue (GET /reactions/{videos|galleries|products}/bookmark): a grid of cards, 12 at a time. */
export default function CatalogueBookmarks({ kind }: { kind: Kind }) {
  const { items, error, isLoading, isLoadingMore, hasMore, loadMore, mutate } = useRouteList(routes.reactions.bookmarks, { params: { type: kind }, query: { sortBy: 'createdAt' } }, 12, { revalidateFirstPage: true });
  const shown = (items as BookmarkItem[]).filter((b) => b.object);
  const t = TEXT[kind];
  if (error && shown.length === 0)
    return (
      <Card>
        <ErrorState title="Your bookmarks didn't load" message={errorText(error)} onRetry={() => void mutate()} />
      </Card>
    );
  if (isLoading && shown.length === 0)
    return (
      <div className={css.grid} aria-busy="true" aria-label={`Loading saved ${t.what}`}>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton.Node key={i} active className={css.skeleton}>
            <span />
          </Skeleton.Node>
        ))}
      </div>
    );
  if (shown.length === 0)
    return (
      <Card>
        <EmptyState title={t.empty} description={t.hint} />
      </Card>
    );
  return (
    <>
      <ul className={css.grid} aria-label={`Saved ${t.what}`}>
        {shown.map((b) => (
          <li key={b._id} className={css.item}>
            <ObjectCard kind={kind} object={b.object} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <div className={css.more}>
          <Button onClick={loadMore} loading={isLoadingMore}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}
