'use client';
import { App, Button, Dropdown } from 'antd';
import { DeleteOutlined, DollarOutlined, MoreOutlined, UnlockOutlined } from '@ant-design/icons';
import { MESSAGES, type Conversation, type Message } from '@stagepass/shared';
import { useAppDispatch } from '@/store';
import { deleteMessage } from '@/store/message';
import { LinkedText } from '@/features/feeds/RichText';
import { LockedMessageMedia, MessageFiles } from './MessageMedia';
import { paidLabel } from './paid-label';
import css from './messages.module.css';

const clock = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

/**
 * One message: its media (or the locked preview of paid media), its text, the time; a deleted one
 * reads 'Message deleted!'. One's own messages sit on the right with a menu to delete them.
 */
export default function MessageBubble({ message: m, own, conversation }: { message: Message; own: boolean; conversation: Conversation }) {
  const dispatch = useAppDispatch();
  const { modal, message } = App.useApp();

  const remove = () =>
    modal.confirm({
      title: 'Delete this message?',
      content: 'It is removed for both of you. This cannot be undone.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        const r = await dispatch(deleteMessage({ conversationId: m.conversationId, messageId: m._id }));
        if (deleteMessage.fulfilled.match(r)) message.success('Message deleted');
        else message.error(r.payload?.reason ?? MESSAGES.updateFailed);
      },
    });

  const deleted = m.isDeleted;
  const text = deleted ? MESSAGES.messageDeleted : m.text;
  const paid = paidLabel(m, own);
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
        <time dateTime={m.createdAt} title={new Date(m.createdAt).toLocaleString()}>
          {clock(m.createdAt)}
        </time>
      </div>
    </div>
  );
}

function Actions({ onDelete }: { onDelete: () => void }) {
  return (
    <Dropdown trigger={['click']} menu={{ items: [{ key: 'delete', icon: <DeleteOutlined />, label: 'Delete', danger: true, onClick: onDelete }] }}>
      <Button type="text" size="small" shape="circle" icon={<MoreOutlined />} aria-label="Message options" className={css.msgActions} />
    </Dropdown>
  );
}
