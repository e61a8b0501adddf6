'use client';
import { useState } from 'react';
import { App, Button, Skeleton, Tag } from 'antd';
import { CreditCardOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { Card } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { EmptyState, ErrorState } from '@/components/states';
import { useSpecText } from '@/i18n/spec';
import SectionCard from '@/components/SectionCard';
import TestPaymentsNotice from '@/components/pay/TestPaymentsNotice';
import { cardLabel } from '@/lib/payments';
import AddCard from '@/components/pay/AddCard';
import { useCards } from '@/lib/use-cards';
import styles from './cards.module.css';
import width from '@/components/layouts/page-width.module.css';

/** "Visa", "Mastercard"… (the brand's own name); `fallback` for a card without one. */
function brandName(brand: string, fallback: string) {
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : fallback;
}

function CardRow({ card, onRemove, removing }: { card: Card; onRemove: () => void; removing: boolean }) {
  const t = useTranslations('wallet');
  return (
    <li className={styles.row} aria-label={cardLabel(card)}>
      <span className={styles.brand} aria-hidden="true">
        <CreditCardOutlined />
      </span>
      <span className={styles.info}>
        <span className={styles.number}>
          {brandName(card.brand, t('cardFallback'))} <span aria-label={t('endingIn', { last4: card.last4 })}>•••• {card.last4}</span>
          {card.isDefault && (
            <Tag color="purple" variant="filled" className={styles.defaultTag}>
              {t('default')}
            </Tag>
          )}
        </span>
        <span className={`muted ${styles.expiry}`}>
          {t('expires', { date: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}` })}
          {card.holderName ? ` · ${card.holderName}` : ''}
        </span>
      </span>
      <Button danger type="text" icon={<DeleteOutlined />} loading={removing} onClick={onRemove} aria-label={t('removeEndingIn', { last4: card.last4 })}>
        <span className="hide-sm">{t('remove')}</span>
      </Button>
    </li>
  );
}

/** /user/cards: saved cards (GET /payment-cards), add (POST /{gateway}/cards), remove (DELETE /payment-cards/{id}). */
export default function CardsPage() {
  const { message, modal } = App.useApp();
  const t = useTranslations('wallet');
  const specText = useSpecText();
  const { cards, data, error, isLoading, mutate } = useCards();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const showForm = adding || (data && cards.length === 0);

  const remove = (card: Card) =>
    modal.confirm({
      title: t('removeTitle'),
      content: card.isDefault && cards.length > 1 ? t('removeTextDefault', { card: cardLabel(card) }) : t('removeText', { card: cardLabel(card) }),
      okText: t('removeCard'),
      okButtonProps: { danger: true },
      cancelText: t('keepCard'),
      onOk: async () => {
        setRemoving(card._id);
        try {
          await call(routes.payments.removeCard, { params: { id: card._id } });
          message.success(t('cardRemoved'));
          await mutate();
        } catch (e) {
          message.error(specText(errorText(e)));
        } finally {
          setRemoving(null);
        }
      },
    });

  return (
    <div className={`container page ${width.w760}`}>
      <h1 className="page-title">{t('cardsTitle')}</h1>
      <p className="page-lead">{t('cardsLead')}</p>
      <TestPaymentsNotice card />
      <SectionCard title={t('savedCards')}>
        {isLoading ? (
          <div aria-busy="true" aria-label={t('loadingCards')}>
            <Skeleton active avatar paragraph={{ rows: 1 }} />
            <Skeleton active avatar paragraph={{ rows: 1 }} />
          </div>
        ) : error && !data ? (
          <ErrorState title={t('cardsLoadFailed')} message={specText(errorText(error))} onRetry={() => void mutate()} />
        ) : cards.length === 0 ? (
          <EmptyState title={t('noCardsTitle')} description={t('noCardsText')} />
        ) : (
          <ul className={styles.list} aria-label={t('savedCards')}>
            {cards.map((c) => (
              <CardRow key={c._id} card={c} removing={removing === c._id} onRemove={() => remove(c)} />
            ))}
          </ul>
        )}
      </SectionCard>
      {data && (
        <SectionCard title={t('addCard')} description={t('addCardText')}>
          {showForm ? (
            <AddCard
              notice={false}
              onAdded={(c) => {
                message.success(t('cardAdded', { card: `${brandName(c.brand, t('cardFallback'))} •••• ${c.last4}` }));
                setAdding(false);
                void mutate();
              }}
              onCancel={cards.length ? () => setAdding(false) : undefined}
            />
          ) : (
            <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('addNewCard')}
            </Button>
          )}
        </SectionCard>
      )}
    </div>
  );
}
