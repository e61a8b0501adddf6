'use client';
import { Modal, Typography } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { money } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/store';
import { closeSubscriptionModal } from '@/store/subscription';

function Soon({ children }: { children: React.ReactNode }) {
  return (
    <div style={{ textAlign: 'center', padding: '8px 0 4px' }}>
      <div className="status-icon" style={{ margin: '8px auto 16px', width: 64, height: 64, fontSize: 28, borderRadius: 20 }}>
        <CreditCardOutlined />
      </div>
      {children}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Payments are coming soon. As soon as they open you&rsquo;ll be able to do this right here — nothing to set up on your side.
      </Typography.Paragraph>
    </div>
  );
}

/**
 * The subscribe dialog of the Subscription UI state (spec §3: showModal, performer,
 * subscriptionType). Mounted once per layout; opened with `openSubscriptionModal`.
 */
export function SubscriptionModal() {
  const dispatch = useAppDispatch();
  const { showModal, performer, subscriptionType } = useAppSelector((s) => s.subscription);
  return (
    <Modal
      open={showModal}
      title={performer ? `Subscribe to ${performer.name}` : 'Subscribe'}
      onCancel={() => dispatch(closeSubscriptionModal())}
      onOk={() => dispatch(closeSubscriptionModal())}
      okText="Got it"
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Soon>
        <Typography.Paragraph>
          A {subscriptionType} subscription unlocks every subscribers-only post{performer ? ` from ${performer.name}` : ''}.
        </Typography.Paragraph>
      </Soon>
    </Modal>
  );
}

/** "Unlock for $X" on a pay-per-view post: explains that buying arrives with payments. */
export function UnlockModal({ open, price, onClose }: { open: boolean; price: number | null; onClose: () => void }) {
  return (
    <Modal open={open} title={`Unlock for ${money(price)}`} onCancel={onClose} onOk={onClose} okText="Got it" cancelButtonProps={{ style: { display: 'none' } }} destroyOnHidden>
      <Soon>
        <Typography.Paragraph>Buying this post unlocks its photos, videos and audio for you, for good.</Typography.Paragraph>
      </Soon>
    </Modal>
  );
}
