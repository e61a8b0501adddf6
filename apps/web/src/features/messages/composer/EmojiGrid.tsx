'use client';
import { useTranslations } from 'next-intl';
import css from '../messages.module.css';

/** Common emoji, in rows of eight: faces, gestures, hearts, a few things. */
const EMOJI = [
  '😀', '😁', '😂', '🤣', '😊', '😍', '🥰', '😘',
  '😎', '🤩', '🥳', '😇', '😉', '😋', '😜', '🤪',
  '🤔', '🤗', '🤭', '😏', '😌', '😴', '🥺', '😢',
  '😭', '😅', '😬', '🙄', '😮', '😱', '😡', '🤯',
  '👍', '👎', '👏', '🙌', '🙏', '👋', '🤝', '💪',
  '👌', '✌️', '🤞', '🤙', '👀', '💋', '🫶', '🤌',
  '❤️', '🧡', '💛', '💚', '💙', '💜', '🖤', '💔',
  '💕', '💖', '🔥', '✨', '⭐', '🌹', '🎉', '🎁',
  '💯', '💦', '🍑', '🍒', '🍾', '🥂', '📸', '🎬',
];

/** The emoji picker's grid (its own small chunk, fetched when the picker first opens). */
export default function EmojiGrid({ onPick }: { onPick: (emoji: string) => void }) {
  const t = useTranslations('messages');
  return (
    <div className={css.emojiGrid} role="group" aria-label={t('emoji')}>
      {EMOJI.map((e) => (
        <button key={e} type="button" className={css.emoji} aria-label={t('insertOne', { emoji: e })} onClick={() => onPick(e)}>
          {e}
        </button>
      ))}
    </div>
  );
}
