'use client';
/**
 * The creator's verification state in the studio (performers README "Verification"): while their
 * identity documents wait for review, or after a rejection (with the operator's reason and a way
 * to upload new ones), a banner says what is open and what is not. Nothing once approved, or when
 * the site does not require verification.
 */
import { Alert, Button, Tag } from 'antd';
import type { VerificationState } from '@stagepass/shared';
import css from './account.module.css';

export function VerificationBanner({ state, onUpload }: { state: VerificationState; onUpload: () => void }) {
  if (state.canSell || state.status === 'approved') return null;
  if (state.status === 'rejected') {
    return (
      <Alert
        type="error"
        showIcon
        className={css.alert}
        title="Your identity documents were not accepted"
        description={
          <>
            {state.note && <p className={css.reason}>Reason: {state.note}</p>}
            <p className={css.reason}>Upload a new ID document or selfie: the site team reviews it again. Until then you can post free and subscribers-only content, but not sell or request payouts.</p>
            <Button onClick={onUpload}>Upload new documents</Button>
          </>
        }
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      className={css.alert}
      title="Your identity is being reviewed"
      description="Meanwhile you can set up your page and post free or subscribers-only content. Paid posts and items, tips, subscriptions and payouts open once the site team approves your ID document and selfie."
    />
  );
}

/** The status shown on the Documents tab. */
export function VerificationTag({ state }: { state: VerificationState }) {
  if (state.status === 'approved') return <Tag color="success">Verified</Tag>;
  if (state.status === 'rejected') return <Tag color="error">Not accepted</Tag>;
  return <Tag color="warning">Awaiting review</Tag>;
}
