'use client';
import { useState } from 'react';
import { App, Button, Skeleton, Tag } from 'antd';
import { CreditCardOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Card } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { EmptyState, ErrorState } from '@/components/states';
import SectionCard from '@/components/SectionCard';
import TestPaymentsNotice from '@/components/pay/TestPaymentsNotice';
import { cardLabel } from '@/lib/payments';
import AddCard from '@/components/pay/AddCard';
import { useCards } from '@/lib/use-cards';
import styles from './cards.module.css';
import width from '@/components/layouts/page-width.module.css';

function brandName(brand: string) {
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
}

function CardRow({ card, onRemove, removing }: { card: Card; onRemove: () => void; removing: boolean }) {
  return (
    <li className={styles.row} aria-label={cardLabel(card)}>
      <span className={styles.brand} aria-hidden="true">
        <CreditCardOutlined />
      </span>
      <span className={styles.info}>
        <span className={styles.number}>
          {brandName(card.brand)} <span aria-label={`ending in ${card.last4}`}>•••• {card.last4}</span>
          {card.isDefault && (
            <Tag color="purple" variant="filled" className={styles.defaultTag}>
              Default
            </Tag>
          )}
        </span>
        <span className={`muted ${styles.expiry}`}>
          Expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
          {card.holderName ? ` · ${card.holderName}` : ''}
        </span>
      </span>
      <Button danger type="text" icon={<DeleteOutlined />} loading={removing} onClick={onRemove} aria-label={`Remove card ending in ${card.last4}`}>
        <span className="hide-sm">Remove</span>
      </Button>
    </li>
  );
}

/** /user/cards: saved cards (GET /payment-cards), add (POST /{gateway}/cards), remove (DELETE /payment-cards/{id}). */
export default function CardsPage() {
  const { message, modal } = App.useApp();
  const { cards, data, error, isLoading, mutate } = useCards();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const showForm = adding || (data && cards.length === 0);

  const remove = (card: Card) =>
    modal.confirm({
      title: 'Remove this card?',
      content: `${cardLabel(card)} will be removed from your account.${card.isDefault && cards.length > 1 ? ' Your newest other card becomes the default.' : ''}`,
      okText: 'Remove card',
      okButtonProps: { danger: true },
      cancelText: 'Keep card',
      onOk: async () => {
        setRemoving(card._id);
        try {
          await call(routes.payments.removeCard, { params: { id: card._id } });
          message.success('Card removed');
          await mutate();
        } catch (e) {
          message.error(errorText(e));
        } finally {
          setRemoving(null);
        }
      },
    });

  return (
    <div className={`container page ${width.w760}`}>
      <h1 className="page-title">Payment cards</h1>
      <p className="page-lead">Cards you pay with for subscriptions and wallet top-ups.</p>
      <TestPaymentsNotice card />
      <SectionCard title="Saved cards">
        {isLoading ? (
          <div aria-busy="true" aria-label="Loading cards">
            <Skeleton active avatar paragraph={{ rows: 1 }} />
            <Skeleton active avatar paragraph={{ rows: 1 }} />
          </div>
        ) : error && !data ? (
          <ErrorState title="Your cards didn't load" message={errorText(error)} onRetry={() => void mutate()} />
        ) : cards.length === 0 ? (
          <EmptyState title="No saved cards yet" description="Add a card below to subscribe to creators and top up your wallet." />
        ) : (
          <ul className={styles.list} aria-label="Saved cards">
            {cards.map((c) => (
              <CardRow key={c._id} card={c} removing={removing === c._id} onRemove={() => remove(c)} />
            ))}
          </ul>
        )}
      </SectionCard>
      {data && (
        <SectionCard title="Add a card" description="Your card details go straight to the payment provider; we only keep the brand, last four digits and expiry.">
          {showForm ? (
            <AddCard
              notice={false}
              onAdded={(c) => {
                message.success(`${brandName(c.brand)} •••• ${c.last4} added`);
                setAdding(false);
                void mutate();
              }}
              onCancel={cards.length ? () => setAdding(false) : undefined}
            />
          ) : (
            <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              Add a new card
            </Button>
          )}
        </SectionCard>
      )}
    </div>
  );
}
