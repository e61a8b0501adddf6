'use client';
import { useEffect, useState } from 'react';
import { App, Button, Input } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { STREAM_CHAT_TEXT_MAX } from '@stagepass/shared';
import { useSpecText } from '@/i18n/spec';
import { useAppDispatch, useAppSelector } from '@/store';
import { sendStreamMessage } from '@/store/stream-message';
import css from '../live.module.css';

/**
 * The chat's composer (Enter sends). Disabled, with the reason, while the viewer may not write:
 * removed from the chat (a send answered 403), or slow mode — a countdown after each message
 * (moderators and viewers who tipped in this stream are exempt, as on the server), or the seconds
 * a 429 asked to wait. `onKeyword` sees the text first: when it answers true (a tip-menu keyword
 * such as "!song" opened that item's order dialog) the text is not sent.
 */
export default function ChatComposer({ conversationId, slowModeSeconds, exempt, onKeyword }: { conversationId: string; slowModeSeconds: number; exempt: boolean; onKeyword?: (text: string) => boolean }) {
  const dispatch = useAppDispatch();
  const { message } = App.useApp();
  const t = useTranslations('liveWatch');
  const specText = useSpecText();
  const sending = useAppSelector((s) => s.streamMessage.sendMessage.sending);
  const [text, setText] = useState('');
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [refused, setRefused] = useState<string | null>(null);
  const left = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  useEffect(() => {
    if (waitUntil <= Date.now()) return;
    const t = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= waitUntil) clearInterval(t);
    }, 250);
    return () => clearInterval(t);
  }, [waitUntil]);
  // Slow mode turned off (or the viewer tipped): no wait.
  useEffect(() => {
    if (slowModeSeconds === 0 || exempt) setWaitUntil(0);
  }, [slowModeSeconds, exempt]);

  const wait = (seconds: number) => {
    const n = Date.now();
    setNow(n);
    setWaitUntil(n + seconds * 1000);
  };

  const send = async () => {
    const body = text.trim();
    if (!body || sending || refused) return;
    if (onKeyword?.(body)) {
      setText('');
      return;
    }
    if (left > 0) return;
    const r = await dispatch(sendStreamMessage({ conversationId, text: body }));
    if (sendStreamMessage.fulfilled.match(r)) {
      setText('');
      if (slowModeSeconds > 0 && !exempt) wait(slowModeSeconds);
      return;
    }
    const f = r.payload;
    if (f?.status === 429) wait(f.retryAfter ?? (slowModeSeconds || 5));
    else if (f?.status === 403) setRefused(f.message);
    else message.error(f?.message ? specText(f.message) : t('notSent'));
  };

  const reason = refused !== null ? specText(refused) : left > 0 ? t('slowWait', { seconds: left }) : null;
  return (
    <>
      {reason ? (
        <div className={css.composerNote} role="status" data-testid="chat-disabled-reason">
          {reason}
        </div>
      ) : slowModeSeconds > 0 && !exempt ? (
        <div className={css.composerNote}>{t('slowOn', { seconds: slowModeSeconds })}</div>
      ) : null}
      <form
        className={css.composer}
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Input
          aria-label={t('chatMessage')}
          placeholder={refused ? t('cannotChat') : t('saySomething')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={STREAM_CHAT_TEXT_MAX}
          disabled={Boolean(refused) || left > 0}
          autoComplete="off"
        />
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending} disabled={!text.trim() || Boolean(refused) || left > 0} aria-label={t('sendMessage')} />
      </form>
    </>
  );
}
