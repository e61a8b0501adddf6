'use client';
import { memo } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import { DeleteOutlined, MoreOutlined, StopOutlined, ClockCircleOutlined, SafetyOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { MESSAGES, type StreamMessage } from '@stagepass/shared';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import TierBadge from '@/components/tiers/TierBadge';
import { senderName, TIME_OUT_MINUTES } from './useModeration';
import css from '../live.module.css';

export interface ChatLineActions {
  remove: (m: StreamMessage) => void;
  ban: (m: StreamMessage, minutes: number | null) => void;
  appoint: (m: StreamMessage) => void;
  dismiss: (m: StreamMessage) => void;
}

/**
 * One chat line: the sender's name (the creator's in the brand colour) and the text; a tip is
 * highlighted with its amount; a deleted message reads 'Message deleted'. The options menu: the
 * sender may delete their own message; a moderator may delete any and time out or ban its sender
 * (not the creator, not themselves); the creator may make the sender a moderator, or remove them.
 */
function ChatLine({ message: m, meId, performerId, canModerate, canAppoint = false, senderIsModerator = false, actions }: { message: StreamMessage; meId: string | undefined; performerId: string; canModerate: boolean; canAppoint?: boolean; senderIsModerator?: boolean; actions: ChatLineActions }) {
  const t = useTranslations('liveWatch');
  const specText = useSpecText();
  const { money } = useFormat();
  const own = Boolean(meId) && m.senderId === meId;
  const name = senderName(m, t('thisViewer'));
  const fromCreator = m.senderId === performerId;
  const items: MenuProps['items'] = [];
  if (!m.isDeleted && (own || canModerate) && m.type !== 'system') items.push({ key: 'delete', icon: <DeleteOutlined />, label: t('deleteMessage'), danger: true, onClick: () => actions.remove(m) });
  if (canModerate && m.senderId && !own && !fromCreator) {
    for (const minutes of TIME_OUT_MINUTES) items.push({ key: `timeout-${minutes}`, icon: <ClockCircleOutlined />, label: t('timeOutMinutes', { minutes }), onClick: () => actions.ban(m, minutes) });
    items.push({ key: 'ban', icon: <StopOutlined />, label: t('banName', { name }), danger: true, onClick: () => actions.ban(m, null) });
  }
  if (canAppoint && m.senderId && !own && !fromCreator && m.type !== 'system') {
    items.push({ type: 'divider' });
    items.push(
      senderIsModerator
        ? { key: 'dismiss', icon: <UserDeleteOutlined />, label: t('dismissName', { name }), onClick: () => actions.dismiss(m) }
        : { key: 'appoint', icon: <SafetyOutlined />, label: t('appointName', { name }), onClick: () => actions.appoint(m) },
    );
  }
  const cls = [css.line, m.type === 'tip' && !m.isDeleted ? css.tip : '', m.type === 'system' ? css.system : ''].filter(Boolean).join(' ');
  return (
    <li className={cls} data-testid="stream-message" data-type={m.type} data-deleted={m.isDeleted ? 'true' : undefined}>
      <div className={css.lineBody}>
        {m.type !== 'system' && <span className={`${css.sender}${fromCreator ? ` ${css.creator}` : ''}`}>{name}</span>}
        {/* The creator's view only: the fan's tier with them (the server sends it to no one else). */}
        {m.fanTier && <span className={css.senderTier}><TierBadge tier={m.fanTier} size="small" /></span>}
        {m.type === 'tip' && m.amount !== null && !m.isDeleted && <span className={css.tipAmount}>{t('tipped', { amount: money(m.amount) })}</span>}
        {m.isDeleted ? <span className={css.deleted}>{specText(MESSAGES.streamMessageDeleted)}</span> : <span>{m.text}</span>}
      </div>
      {items.length > 0 && (
        <Dropdown trigger={['click']} menu={{ items }}>
          <Button type="text" size="small" shape="circle" icon={<MoreOutlined />} aria-label={t('optionsFor', { name })} className={css.lineActions} />
        </Dropdown>
      )}
    </li>
  );
}

export default memo(ChatLine);
