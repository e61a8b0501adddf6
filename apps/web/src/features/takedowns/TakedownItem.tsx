'use client';
/** An item a takedown notice names, as the queue, the drawer and the creator's list show it: picture, title, kind, hidden state, owner. */
import Link from 'next/link';
import { Avatar, Tag } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, type ContentSummary, type HideableKind } from '@stagepass/shared';
import HiddenTag from '@/components/HiddenTag';
import css from './takedowns.module.css';

const KIND_LABEL: Record<HideableKind, string> = { feed: 'Post', video: 'Video', gallery: 'Gallery', product: 'Product' };

export default function TakedownItem({ item, kind, id, showOwner = false }: { item: ContentSummary | null; kind: HideableKind; id: string; showOwner?: boolean }) {
  const title = item ? item.title.trim() || `${KIND_LABEL[kind]} without text` : `${KIND_LABEL[kind]} no longer exists`;
  return (
    <span className={css.item}>
      {item?.thumbnail ? (
        // eslint-disable-next-line @next/next/no-img-element -- signed or public media URLs of any host
        <img className={css.thumb} src={item.thumbnail} alt="" />
      ) : (
        <span className={css.thumb} aria-hidden>
          <FileTextOutlined />
        </span>
      )}
      <span className={css.itemText}>
        {item?.link ? (
          <Link href={item.link} className={css.title} target="_blank">
            {title}
          </Link>
        ) : (
          <span className={css.title}>{title}</span>
        )}
        {!item && <span className={css.muted}>{id}</span>}
        <span className={css.tags}>
          <Tag>{KIND_LABEL[kind]}</Tag>
          {item && <HiddenTag item={item} />}
        </span>
        {showOwner && item?.owner && (
          <span className={css.owner}>
            <Avatar size={20} src={item.owner.avatar || DEFAULT_AVATAR} alt="" />
            <span className={css.muted}>
              {item.owner.name || item.owner.username}
              {item.owner.username ? ` @${item.owner.username}` : ''}
              {item.owner.status === 'suspended' ? ' · Suspended' : ''}
            </span>
          </span>
        )}
      </span>
    </span>
  );
}
