'use client';
/** The dialog of the terms gate (TermsGate loads it on demand): "We've updated our terms", not dismissable. */
import { Modal } from 'antd';
import TermsPrompt from './TermsPrompt';

export const TERMS_TITLE = "We've updated our terms";

export default function TermsDialog() {
  return (
    <Modal open title={TERMS_TITLE} closable={false} keyboard={false} mask={{ closable: false }} footer={null}>
      <TermsPrompt />
    </Modal>
  );
}
