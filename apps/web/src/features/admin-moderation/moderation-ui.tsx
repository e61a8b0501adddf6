'use client';
/** Pieces shared by the console's Reports and Content sections: labels, tags, an item's cell, its owner. */
import Link from 'next/link';
import { Avatar, Tag, Typography } from 'antd';
import { EyeOutlined, FileTextOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, isHideableKind, type ContentSummary, type ModerationOwner, type ReportReason, type ReportStatus, type ReportTarget } from '@stagepass/shared';
import HiddenTag from '@/components/HiddenTag';
import css from './admin-moderation.module.css';

export const TARGET_LABEL: Record<ReportTarget, string> = {
  feed: 'Post', video: 'Video', gallery: 'Gallery', product: 'Product', comment: 'Comment', message: 'Message', performer: 'Creator', user: 'Account',
};
export const REASON_LABEL: Record<ReportReason, string> = { spam: 'Spam', abuse: 'Abuse', copyright: 'Copyright', illegal: 'Illegal', other: 'Other' };
export const REPORT_STATUS_LABEL: Record<ReportStatus, string> = { open: 'Open', actioned: 'Actioned', dismissed: 'Dismissed' };
export const ACTION_LABEL: Record<string, string> = { dismiss: 'Dismissed', hide: 'Content hidden', delete: 'Comment deleted', warn: 'Owner warned', suspend: 'Owner suspended' };
export const CONTENT_STATUS_LABEL: Record<string, string> = {
  published: 'Published', scheduled: 'Scheduled', draft: 'Draft', active: 'Active', inactive: 'Inactive', suspended: 'Suspended', sent: 'Sent', deleted: 'Deleted',
};

export function ReportStatusTag({ status }: { status: ReportStatus }) {
  return <Tag color={status === 'open' ? 'warning' : status === 'actioned' ? 'success' : 'default'}>{REPORT_STATUS_LABEL[status]}</Tag>;
}

/**
 * An item (or account) as the console shows it: picture (a private file's blurred preview), title,
 * excerpt, kind and state — and, for a post, video, gallery or product, "Open" to see it with its
 * media in the console (/admin/content/{kind}/{id}: an audited read, the console asks why).
 */
export function ItemCell({ item, kind, fallbackId }: { item: ContentSummary | null; kind: ReportTarget; fallbackId?: string }) {
  if (!item) {
    return (
      <span className={css.item}>
        <span className={css.thumb} aria-hidden>
          <FileTextOutlined />
        </span>
        <span className={css.itemText}>
          <span className={css.title}>{TARGET_LABEL[kind]} no longer exists</span>
          {fallbackId && <span className={css.excerpt}>{fallbackId}</span>}
        </span>
      </span>
    );
  }
  const title = item.title.trim() || `${TARGET_LABEL[kind]} without text`;
  return (
    <span className={css.item}>
      {item.thumbnail ? (
        // eslint-disable-next-line @next/next/no-img-element -- signed or public media URLs of any host
        <img className={css.thumb} src={item.thumbnail} alt="" />
      ) : (
        <span className={css.thumb} aria-hidden>
          <FileTextOutlined />
        </span>
      )}
      <span className={css.itemText}>
        {item.link ? (
          <Link href={item.link} className={css.title} target="_blank">
            {title}
          </Link>
        ) : (
          <span className={css.title}>{title}</span>
        )}
        {item.excerpt && item.excerpt !== item.title && <span className={css.excerpt}>{item.excerpt}</span>}
        <span className={css.tags}>
          <Tag>{TARGET_LABEL[kind]}</Tag>
          {item.status && <Tag>{CONTENT_STATUS_LABEL[item.status] ?? item.status}</Tag>}
          <HiddenTag item={item} />
        </span>
        {isHideableKind(kind) && (
          <Link href={`/admin/content/${kind}/${item._id}`} className={css.open} aria-label={`Open ${title} with its media`}>
            <EyeOutlined aria-hidden /> Open with media
          </Link>
        )}
      </span>
    </span>
  );
}

/** The owner of an item (or a reporter): avatar, name, @username, and 'Suspended' when so. */
export function OwnerCell({ owner }: { owner: ModerationOwner | null }) {
  if (!owner) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span className={css.owner}>
      <Avatar size={28} src={owner.avatar || DEFAULT_AVATAR} alt="" />
      <span className={css.ownerText}>
        <span>{owner.name || owner.username || 'Account'}</span>
        <span className={css.muted}>
          {owner.username ? `@${owner.username}` : ''}
          {owner.status === 'suspended' ? ' · Suspended' : ''}
        </span>
      </span>
    </span>
  );
}
