'use client';
import { useCallback, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { App, Button, Input, Popover, Spin, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { CloseOutlined, FolderOpenOutlined, PaperClipOutlined, SendOutlined, SmileOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { MESSAGES, type Conversation, type SendMessageInput, type VaultItem } from '@stagepass/shared';
import { MESSAGE_FILES_MAX, MESSAGE_TEXT_MAX } from '@stagepass/shared';
import TipMenuButton from '@/features/tipmenu/TipMenuButton';
import MoneyInput from '@/components/form/MoneyInput';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import { useSettings } from '@/lib/site-context';
import { useSocketEmit } from '@/lib/socket';
import { useAppDispatch, useAppSelector, useCurrentUser } from '@/store';
import { sendMessage } from '@/store/message';
import { useBlockActions, useBlockedByMe } from '@/features/blocking/useBlocking';
import { conversationBlocked } from '@/store/conversation';
import type { Attachment, AttachmentState } from './composer/AttachmentTray';
import LazyVaultPicker from '@/features/vault/LazyVaultPicker';
import css from './messages.module.css';

/** The emoji grid and the upload tray are fetched when first needed (the popover renders its content on first opening). */
const EmojiGrid = dynamic(() => import('./composer/EmojiGrid'), {
  ssr: false,
  loading: () => (
    <div className={css.emojiLoading}>
      <Spin size="small" />
    </div>
  ),
});
const AttachmentTray = dynamic(() => import('./composer/AttachmentTray'), { ssr: false });

/** The other member is blocked (either way): nobody writes; the one who blocked may unblock here. */
function BlockedNote({ conversation: c }: { conversation: Conversation }) {
  const dispatch = useAppDispatch();
  const mine = useBlockedByMe(c.recipient._id);
  const { unblock } = useBlockActions();
  const t = useTranslations('messages');
  const name = c.recipient.name || t('thisUser');
  return (
    <div className={css.note} role="status">
      {mine ? (
        <>
          <span>{t('youBlocked', { name })}</span>
          <Button size="small" onClick={() => unblock({ _id: c.recipient._id, name }, (isBlocked) => dispatch(conversationBlocked({ id: c._id, isBlocked })))}>
            {t('unblock')}
          </Button>
        </>
      ) : (
        <span>{t('cantReply')}</span>
      )}
    </div>
  );
}

let seq = 0;
/** A typing event at most every 2 s while the user types. */
const TYPING_EVERY_MS = 2000;

/**
 * The composer: text (Enter sends, Shift+Enter a new line), an emoji picker, media attached with
 * upload progress and processing status, and — for creators with media attached — a price that
 * makes the media paid; creators may also add media from their vault (sent by id, no new upload). Sends `text`, `fileIds`, `price` (POST /messages/conversations/{id}); the
 * file ids only once every upload is ready. Tells the other member "typing…".
 */
export default function MessageComposer({ conversation: c }: { conversation: Conversation }) {
  const dispatch = useAppDispatch();
  const { message } = App.useApp();
  const t = useTranslations('messages');
  const specText = useSpecText();
  const { money } = useFormat();
  const me = useCurrentUser();
  const settings = useSettings();
  const emit = useSocketEmit();
  const sending = useAppSelector((s) => s.message.sendMessage.sending);
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [uploads, setUploads] = useState<Record<string, AttachmentState>>({});
  const [price, setPrice] = useState<number | null>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  // Creators: media already in their vault, sent by id (no new upload).
  const [picked, setPicked] = useState<VaultItem[]>([]);
  const [vaultOpen, setVaultOpen] = useState(false);
  const input = useRef<TextAreaRef>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const onUploads = useCallback((s: Record<string, AttachmentState>) => setUploads(s), []);

  if (c.isBlocked) return <BlockedNote conversation={c} />;

  const states = attachments.map((a) => uploads[a.key]);
  const uploading = states.some((s) => !s || (s.phase !== 'ready' && s.phase !== 'failed' && s.phase !== 'error'));
  const broken = states.some((s) => s && (s.phase === 'failed' || s.phase === 'error'));
  const canPrice = Boolean(me?.isPerformer) && attachments.length + picked.length > 0;
  const min = settings.minimumMessagePrice;
  const max = settings.maximumMessagePrice;
  const priceError = canPrice && price !== null && price > 0 && (price < min || price > max) ? t('priceRange', { min: money(min), max: money(max) }) : null;
  const empty = !text.trim() && attachments.length === 0 && picked.length === 0;
  const blocker = uploading ? t('waitUploads') : broken ? t('removeFailed') : priceError;

  const onText = (v: string) => {
    setText(v);
    const now = Date.now();
    if (v && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      emit('message/typing', { conversationId: c._id });
    }
  };

  const insertEmoji = (e: string) => {
    const el = input.current?.resizableTextArea?.textArea;
    const at = el ? el.selectionStart : text.length;
    const end = el ? el.selectionEnd : text.length;
    const next = text.slice(0, at) + e + text.slice(end);
    setText(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + e.length, at + e.length);
    });
  };

  const pick = (files: FileList | null) => {
    if (!files?.length) return;
    const room = MESSAGE_FILES_MAX - attachments.length - picked.length;
    if (files.length > room) message.warning(t('maxFiles', { max: MESSAGE_FILES_MAX }));
    setAttachments((list) => [...list, ...Array.from(files).slice(0, Math.max(0, room)).map((file) => ({ key: `a${++seq}`, file }))]);
  };

  const pickFromVault = (items: VaultItem[]) => {
    const have = new Set(picked.map((p) => p._id));
    const fresh = items.filter((it) => !have.has(it._id));
    const room = MESSAGE_FILES_MAX - attachments.length - picked.length;
    if (fresh.length > room) message.warning(t('maxFiles', { max: MESSAGE_FILES_MAX }));
    setPicked((list) => [...list, ...fresh.slice(0, Math.max(0, room))]);
  };

  const send = async () => {
    if (sending || empty || blocker) return;
    const fileIds = [...picked.map((p) => p._id), ...states.map((s) => s?.fileId).filter((x): x is string => Boolean(x))];
    const body: SendMessageInput = { text: text.trim() };
    if (fileIds.length) body.fileIds = fileIds;
    if (canPrice && price) body.price = price;
    // The text leaves the box at once (the message often shows, by the socket, before the answer); back on failure.
    const sent = text;
    setText('');
    const r = await dispatch(sendMessage({ conversationId: c._id, body }));
    if (sendMessage.fulfilled.match(r)) {
      setAttachments([]);
      setPicked([]);
      setUploads({});
      setPrice(null);
      input.current?.focus();
    } else {
      setText((now) => now || sent);
      message.error(r.payload?.reason ? `${specText(MESSAGES.updateFailed)}: ${specText(r.payload.reason)}` : specText(MESSAGES.updateFailed));
    }
  };

  return (
    <form
      className={css.composer}
      aria-label={t('writeMessage')}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {picked.length > 0 && (
        <ul className={css.vaultPicks} aria-label={t('fromVault')}>
          {picked.map((p) => (
            <li key={p._id} className={css.vaultPick}>
              {/* eslint-disable-next-line @next/next/no-img-element -- a signed thumbnail of the creator's own file */}
              {p.file.thumbnails[0] || p.file.preview ? <img src={p.file.thumbnails[0] ?? p.file.preview} alt="" /> : <span className={css.vaultPickType}>{p.file.type}</span>}
              <Button size="small" type="text" shape="circle" icon={<CloseOutlined />} aria-label={p.caption ? t('removeNamed', { name: p.caption }) : t('removeVaultItem', { type: p.file.type })} onClick={() => setPicked((list) => list.filter((x) => x._id !== p._id))} />
            </li>
          ))}
        </ul>
      )}
      {attachments.length > 0 && <AttachmentTray attachments={attachments} onChange={onUploads} onRemove={(key) => setAttachments((list) => list.filter((a) => a.key !== key))} />}
      {canPrice && (
        <div className={css.priceRow}>
          <label htmlFor="message-price">{t('price')}</label>
          <MoneyInput id="message-price" aria-label={t('price')} value={price} onChange={(v) => setPrice(v ?? null)} placeholder={t('free')} status={priceError ? 'error' : undefined} size="small" />
          <span role={priceError ? 'alert' : undefined}>{priceError ?? t('priceHint', { min: money(min), max: money(max) })}</span>
        </div>
      )}
      <div className={css.composerRow}>
        <input ref={fileInput} type="file" accept="image/*,video/*,audio/*" multiple aria-label={t('attachMedia')} className={css.fileInput} onChange={(e) => {
          pick(e.target.files);
          e.target.value = '';
        }} />
        <Tooltip title={t('attachTooltip')}>
          <Button type="text" shape="circle" icon={<PaperClipOutlined />} aria-label={t('attachMedia')} className={css.tool} onClick={() => fileInput.current?.click()} />
        </Tooltip>
        {me?.isPerformer && (
          <Tooltip title={t('vaultTooltip')}>
            <Button type="text" shape="circle" icon={<FolderOpenOutlined />} aria-label={t('addFromVault')} className={css.tool} onClick={() => setVaultOpen(true)} />
          </Tooltip>
        )}
        <TipMenuButton performer={{ ...c.recipient, name: c.recipient.name || t('thisCreator') }} className={css.tool} />
        <Popover
          open={emojiOpen}
          onOpenChange={setEmojiOpen}
          trigger="click"
          placement="topLeft"
          arrow={false}
          content={<EmojiGrid onPick={insertEmoji} />}
        >
          <Button type="text" shape="circle" icon={<SmileOutlined />} aria-label={t('insertEmoji')} aria-haspopup="dialog" aria-expanded={emojiOpen} className={css.tool} />
        </Popover>
        <Input.TextArea
          ref={input}
          value={text}
          onChange={(e) => onText(e.target.value)}
          onPressEnter={(e) => {
            if (e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            void send();
          }}
          autoSize={{ minRows: 1, maxRows: 5 }}
          maxLength={MESSAGE_TEXT_MAX}
          placeholder={t('placeholder')}
          aria-label={t('message')}
          className={css.text}
        />
        <Tooltip title={blocker ?? undefined}>
          <Button type="primary" shape="circle" htmlType="submit" icon={<SendOutlined />} aria-label={t('send')} loading={sending} disabled={empty || Boolean(blocker)} className={css.send} />
        </Tooltip>
      </div>
      {me?.isPerformer && <LazyVaultPicker open={vaultOpen} onClose={() => setVaultOpen(false)} onPick={pickFromVault} multiple />}
    </form>
  );
}
