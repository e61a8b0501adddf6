'use client';
import Link from 'next/link';
import { Button, Card, Skeleton, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import CoverImage from '@/components/CoverImage';
import { PictureOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { BookmarkItem, Gallery, Product, Video } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useAccessWording } from '@/components/AccessTag';
import { useRouteList } from '@/lib/use-infinite-list';
import { EmptyState, ErrorState } from '@/components/states';
import ProductCard from '@/features/shop/ProductCard';
import css from './bookmarks.module.css';

type Kind = 'videos' | 'galleries' | 'products';

/** Each tab's texts in the social messages. */
const TEXT = {
  videos: { empty: 'noSavedVideos', hint: 'noSavedVideosText', loading: 'loadingSavedVideos', list: 'savedVideos' },
  galleries: { empty: 'noSavedGalleries', hint: 'noSavedGalleriesText', loading: 'loadingSavedGalleries', list: 'savedGalleries' },
  products: { empty: 'noSavedProducts', hint: 'noSavedProductsText', loading: 'loadingSavedProducts', list: 'savedProducts' },
} as const satisfies Record<Kind, Record<'empty' | 'hint' | 'loading' | 'list', string>>;

/** A saved video or gallery: picture, title, creator and access; links to its page. */
function MediaCard({ href, title, creator, picture, badge, icon }: { href: string; title: string; creator: string; picture: string | null; badge: string; icon: React.ReactNode }) {
  const tr = useTranslations('social');
  return (
    <Link href={href} className={css.card} aria-label={tr('itemBy', { title, creator, badge })}>
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
  const wording = useAccessWording();
  const accessBadge = (x: { access: string; price: number | null; isBought: boolean }) => wording(x.access, x.price, x.isBought);
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
  const tr = useTranslations('social');
  const t = TEXT[kind];
  if (error && shown.length === 0)
    return (
      <Card>
        <ErrorState title={tr('bookmarksFailed')} message={errorText(error)} onRetry={() => void mutate()} />
      </Card>
    );
  if (isLoading && shown.length === 0)
    return (
      <div className={css.grid} aria-busy="true" aria-label={tr(t.loading)}>
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
        <EmptyState title={tr(t.empty)} description={tr(t.hint)} />
      </Card>
    );
  return (
    <>
      <ul className={css.grid} aria-label={tr(t.list)}>
        {shown.map((b) => (
          <li key={b._id} className={css.item}>
            <ObjectCard kind={kind} object={b.object} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <div className={css.more}>
          <Button onClick={loadMore} loading={isLoadingMore}>
            {tr('loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
