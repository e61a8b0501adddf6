'use client';
import { useState } from 'react';
import Link from 'next/link';
import { App, Avatar, Button, Drawer, Flex, Input, Popconfirm, Skeleton, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, MessageOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { COMMENT_MAX_LENGTH, DEFAULT_AVATAR, createCommentSchema, type Comment, type CommentObjectType } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { RichText } from './RichText';
import { useRouteList } from '@/lib/use-infinite-list';
import { useCurrentUser } from '@/store';
import { EmptyState, ErrorState } from '@/components/states';
import css from './feeds.module.css';
import TierBadge from '@/components/tiers/TierBadge';

const contentSchema = createCommentSchema.shape.content;

function Composer({ label, button, initial = '', autoFocus, onSubmit, onCancel }: { label: string; button: string; initial?: string; autoFocus?: boolean; onSubmit: (text: string) => Promise<void>; onCancel?: () => void }) {
  const t = useTranslations('feeds');
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [err, setErr] = useState<string | null>(null);
  const submit = async () => {
    const r = contentSchema.safeParse(text);
    if (!r.success) return setErr(r.error.issues[0]?.message || t('invalid'));
    setBusy(true);
    setErr(null);
    try {
      await onSubmit(r.data);
      setText('');
    } catch (e) {
      setErr(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="comment-composer">
      <Input.TextArea
        aria-label={label}
        placeholder={label}
        value={text}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only the Edit and Reply buttons ask for it: focus follows to the field they open (Edit's button is gone while editing)
        autoFocus={autoFocus}
        maxLength={COMMENT_MAX_LENGTH}
        autoSize={{ minRows: 1, maxRows: 6 }}
        status={err ? 'error' : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void submit();
        }}
      />
      {err && (
        <div role="alert" className="field-error">
          {err}
        </div>
      )}
      <Flex gap={8} justify="flex-end" className={css.commentButtons}>
        {onCancel && (
          <Button size="small" onClick={onCancel}>
            {t('cancel')}
          </Button>
        )}
        <Button size="small" type="primary" loading={busy} disabled={!text.trim()} onClick={() => void submit()}>
          {button}
        </Button>
      </Flex>
    </div>
  );
}

function CommentItem({
  comment: initial,
  objectId,
  objectType,
  isReply,
  onRemoved,
  onCount,
}: {
  comment: Comment;
  objectId: string;
  objectType: CommentObjectType;
  isReply?: boolean;
  onRemoved: (id: string, replies: number) => void;
  onCount: (delta: number) => void;
}) {
  const { message } = App.useApp();
  const me = useCurrentUser();
  const t = useTranslations('feeds');
  const fmt = useFormat();
  const [c, setC] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const replies = useRouteList(showReplies ? routes.comments.list : null, { query: { objectId, objectType, parentId: c._id } }, 20);
  const author = c.creator;
  const own = me?._id === c.createdBy;

  const remove = async () => {
    try {
      await call(routes.comments.remove, { params: { id: c._id } });
      onRemoved(c._id, c.totalReply);
      message.success(t('commentDeleted'));
    } catch (e) {
      message.error(errorText(e));
    }
  };

  return (
    <li className="comment" aria-label={author ? t('commentBy', { name: author.name }) : t('commentByDeleted')}>
      <Avatar src={author?.avatar || DEFAULT_AVATAR} alt="" size={isReply ? 28 : 36} />
      <div className={css.commentBody}>
        <div className="comment-head">
          {author ? (
            <Link href={`/${author.username || author._id}`} className="comment-author">
              {author.name}
            </Link>
          ) : (
            <span className="comment-author">{t('deletedAccount')}</span>
          )}
          {author?.isPerformer && <span className="comment-badge">{t('creatorBadge')}</span>}
          {/* The author's tier: the API tells it to the post's creator only. */}
          <TierBadge tier={c.tier} size="small" />
          <Typography.Text type="secondary" className={css.commentTime} title={new Date(c.createdAt).toLocaleString()}>
            {fmt.timeAgo(c.createdAt)}
            {c.updatedAt !== c.createdAt ? t('edited') : ''}
          </Typography.Text>
        </div>
        {editing ? (
          <Composer
            label={t('editComment')}
            button={t('save')}
            initial={c.content.replace(/<br\s*\/?>/g, '\n').replace(/<[^>]+>/g, '')}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the user pressed Edit (that button is gone while editing): focus follows to the field
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async (content) => {
              const updated = await call(routes.comments.update, { params: { id: c._id }, body: { content } });
              setC((old) => ({ ...old, ...updated }));
              setEditing(false);
            }}
          />
        ) : (
          <RichText html={c.content} className="comment-text" />
        )}
        <div className="comment-actions">
          {!isReply && me && (
            <Button type="link" size="small" onClick={() => setReplying((v) => !v)}>
              {t('reply')}
            </Button>
          )}
          {own && !editing && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('edit')}
            </Button>
          )}
          {c.canDelete && (
            <Popconfirm title={t('deleteCommentTitle')} description={c.totalReply ? t('deleteCommentReplies') : undefined} okText={t('delete')} okButtonProps={{ danger: true }} onConfirm={() => void remove()}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                {t('delete')}
              </Button>
            </Popconfirm>
          )}
        </div>
        {replying && (
          <Composer
            label={t('writeReply')}
            button={t('postReply')}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the user pressed Reply: focus follows to the reply field it opened
            autoFocus
            onCancel={() => setReplying(false)}
            onSubmit={async (content) => {
              await call(routes.comments.create, { body: { objectId, objectType, content, parentId: c._id } });
              setReplying(false);
              setC((old) => ({ ...old, totalReply: old.totalReply + 1 }));
              onCount(1);
              setShowReplies(true);
              await replies.mutate();
            }}
          />
        )}
        {!isReply && c.totalReply > 0 && !showReplies && (
          <Button type="link" size="small" onClick={() => setShowReplies(true)}>
            {t('viewReplies', { count: c.totalReply })}
          </Button>
        )}
        {showReplies && (
          <ul className="comment-replies">
            {replies.isLoading && <Skeleton active avatar paragraph={{ rows: 1 }} />}
            {replies.items.map((r) => (
              <CommentItem
                key={r._id}
                comment={r}
                objectId={objectId}
                objectType={objectType}
                isReply
                onCount={onCount}
                onRemoved={(id) => {
                  void replies.removeItem(id);
                  setC((old) => ({ ...old, totalReply: Math.max(0, old.totalReply - 1) }));
                  onCount(-1);
                }}
              />
            ))}
            {replies.hasMore && (
              <Button type="link" size="small" loading={replies.isLoadingMore} onClick={replies.loadMore}>
                {t('moreReplies')}
              </Button>
            )}
          </ul>
        )}
      </div>
    </li>
  );
}

/**
 * Comments of one item in a drawer: GET /comments?objectId&objectType (newest first), add
 * (POST /comments), reply one level deep, edit own (PUT /comments/{id}), delete (author or the
 * item's creator — the API's `canDelete`).
 */
/** What a locked item is called in the drawer's hint ("Unlock this video to join the conversation"). */
const LOCKED_HINT = { feed: 'lockedFeed', video: 'lockedVideo', gallery: 'lockedGallery', product: 'lockedProduct' } as const satisfies Record<CommentObjectType, string>;

export default function CommentDrawer({
  open,
  onClose,
  objectId,
  objectType = 'feed',
  title,
  canComment = true,
  onCount,
}: {
  open: boolean;
  onClose: () => void;
  objectId: string;
  objectType?: CommentObjectType;
  title?: string;
  canComment?: boolean;
  onCount: (delta: number) => void;
}) {
  const me = useCurrentUser();
  const t = useTranslations('feeds');
  const list = useRouteList(open ? routes.comments.list : null, { query: { objectId, objectType } }, 20);
  return (
    <Drawer open={open} onClose={onClose} title={title ?? t('comments')} placement="right" size={440} closable={{ 'aria-label': t('closeComments') }} destroyOnHidden>
      <Flex vertical gap={16} className={css.drawerBody}>
        {me ? (
          canComment ? (
            <Composer
              label={t('writeComment')}
              button={t('postComment')}
              onSubmit={async (content) => {
                await call(routes.comments.create, { body: { objectId, objectType, content } });
                onCount(1);
                await list.mutate();
              }}
            />
          ) : (
            <Typography.Text type="secondary">{t(LOCKED_HINT[objectType])}</Typography.Text>
          )
        ) : (
          <Typography.Text type="secondary">
            {t.rich('logInToComment', { login: (c) => <Link href="/auth/login">{c}</Link> })}
          </Typography.Text>
        )}
        {list.isLoading ? (
          <Skeleton active avatar paragraph={{ rows: 2 }} />
        ) : list.error ? (
          <ErrorState title={t('commentsFailed')} message={errorText(list.error)} onRetry={() => void list.mutate()} />
        ) : list.items.length === 0 ? (
          <EmptyState title={t('noCommentsTitle')} description={t('noCommentsText')} />
        ) : (
          <ul className="comment-list" aria-label={t('comments')}>
            {list.items.map((c) => (
              <CommentItem
                key={c._id}
                comment={c}
                objectId={objectId}
                objectType={objectType}
                onCount={onCount}
                onRemoved={(id, replies) => {
                  void list.removeItem(id);
                  onCount(-(1 + replies));
                }}
              />
            ))}
          </ul>
        )}
        {list.hasMore && (
          <Button icon={<MessageOutlined />} loading={list.isLoadingMore} onClick={list.loadMore}>
            {t('loadMoreComments')}
          </Button>
        )}
      </Flex>
    </Drawer>
  );
}
