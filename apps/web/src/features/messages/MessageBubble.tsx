'use client';
import { App, Button, Dropdown } from 'antd';
import { DeleteOutlined, DollarOutlined, MoreOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { INTL_LOCALE, MESSAGES, type Conversation, type Message } from '@stagepass/shared';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import { useAppDispatch } from '@/store';
import { deleteMessage } from '@/store/message';
import { LinkedText } from '@/features/feeds/RichText';
import { LockedMessageMedia, MessageFiles } from './MessageMedia';
import { paidLabel } from './paid-label';
import css from './messages.module.css';


/**
 * One message: its media (or the locked preview of paid media), its text, the time; a deleted one
 * reads 'Message deleted!'. One's own messages sit on the right with a menu to delete them.
 */
export default function MessageBubble({ message: m, own, conversation }: { message: Message; own: boolean; conversation: Conversation }) {
  const dispatch = useAppDispatch();
  const { modal, message } = App.useApp();
  const t = useTranslations('messages');
  const specText = useSpecText();
  const f = useFormat();
  const intl = INTL_LOCALE[f.locale];

  const remove = () =>
    modal.confirm({
      title: t('deleteTitle'),
      content: t('deleteText'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        const r = await dispatch(deleteMessage({ conversationId: m.conversationId, messageId: m._id }));
        if (deleteMessage.fulfilled.match(r)) message.success(t('deletedToast'));
        else message.error(specText(r.payload?.reason ?? MESSAGES.updateFailed));
      },
    });

  const deleted = m.isDeleted;
  const text = deleted ? specText(MESSAGES.messageDeleted) : m.text;
  const paidLine = paidLabel(m, own, f.money);
  const paid = paidLine && t(paidLine.key, paidLine.values);
  return (
    <div className={`${css.msg}${own ? ` ${css.own}` : ''}`} data-testid="message" data-own={own ? 'true' : 'false'} data-deleted={deleted ? 'true' : undefined}>
      {!deleted && (m.isLocked ? <LockedMessageMedia message={m} conversation={conversation} /> : <MessageFiles files={m.files} />)}
      {text && (
        <div className={css.bubbleRow}>
          <div className={`${css.bubble}${deleted ? ` ${css.deleted}` : ''}`}>{deleted ? text : <LinkedText text={text} />}</div>
          {own && !deleted && <Actions onDelete={remove} />}
        </div>
      )}
      {!text && own && !deleted && (
        <div className={css.bubbleRow}>
          <Actions onDelete={remove} />
        </div>
      )}
      <div className={css.meta}>
        {paid && (
          <span className={css.paidTag} data-testid="paid-state">
            {own ? <DollarOutlined aria-hidden="true" /> : <UnlockOutlined aria-hidden="true" />} {paid}
          </span>
        )}
        <time dateTime={m.createdAt} title={new Date(m.createdAt).toLocaleString(intl)}>
          {new Date(m.createdAt).toLocaleTimeString(intl, { hour: 'numeric', minute: '2-digit' })}
        </time>
      </div>
    </div>
  );
}

function Actions({ onDelete }: { onDelete: () => void }) {
  const t = useTranslations('messages');
  return (
    <Dropdown trigger={['click']} menu={{ items: [{ key: 'delete', icon: <DeleteOutlined />, label: t('delete'), danger: true, onClick: onDelete }] }}>
      <Button type="text" size="small" shape="circle" icon={<MoreOutlined />} aria-label={t('messageOptions')} className={css.msgActions} />
    </Dropdown>
  );
}
