'use client';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { App, Button, Flex, Progress, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { Poll } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { useCurrentUser } from '@/store';
import css from './feeds.module.css';

/**
 * A feed's poll. Before voting the options are buttons named by their text; after voting (or
 * when the poll ended, or for the creator) it shows percentages and "You voted".
 * POST /user/feeds/vote/{optionId} answers the updated poll.
 */
export default function FeedPoll({ poll: initial, locked, isOwner }: { poll: Poll; locked: boolean; isOwner: boolean }) {
  const { message } = App.useApp();
  const router = useRouter();
  const me = useCurrentUser();
  const t = useTranslations('feeds');
  const fmt = useFormat();
  const [poll, setPoll] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const voted = Boolean(poll.votedOptionId);
  const showResults = voted || poll.isExpired || isOwner;

  const vote = async (optionId: string) => {
    if (!me) return router.push('/auth/login');
    setBusy(optionId);
    try {
      setPoll(await call(routes.feeds.vote, { params: { id: optionId } }));
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="feed-poll" role="group" aria-label={poll.question || t('poll')}>
      {poll.question && <div className="feed-poll-q">{poll.question}</div>}
      <div className={css.pollOptions}>
        {poll.options.map((o) => {
          const pct = poll.totalVotes ? Math.round((o.votes / poll.totalVotes) * 100) : 0;
          const mine = poll.votedOptionId === o._id;
          if (showResults)
            return (
              <div key={o._id} className={`feed-poll-result${mine ? ' mine' : ''}`}>
                <Flex justify="space-between" gap={8}>
                  <span>
                    {o.text} {mine && <CheckCircleFilled aria-label={t('yourVote')} className={css.myVote} />}
                  </span>
                  <strong>{fmt.percent(pct)}</strong>
                </Flex>
                <Progress percent={pct} showInfo={false} size="small" status="normal" strokeColor={mine ? '#7c3aed' : 'rgba(124,58,237,.45)'} aria-label={`${o.text}: ${fmt.percent(pct)}`} />
              </div>
            );
          return (
            <Button key={o._id} block className="feed-poll-option" loading={busy === o._id} disabled={Boolean(busy) || locked} onClick={() => void vote(o._id)}>
              {o.text}
            </Button>
          );
        })}
      </div>
      <Typography.Text type="secondary" className={css.pollFoot}>
        {t('votes', { count: poll.totalVotes })} · {poll.isExpired ? t('pollEnded') : t('pollEndsIn', { left: fmt.timeLeft(poll.expiresAt) })}
        {voted && <> · <strong>{t('youVoted')}</strong></>}
      </Typography.Text>
    </div>
  );
}
