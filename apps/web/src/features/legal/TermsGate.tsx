'use client';
/**
 * The terms gate of the web (modules/legal): when any call answers 403 `terms_required` (the
 * operator published a new version while the page was open), a dialog no one can dismiss asks to
 * accept it — or to log out. Mounted once by the root layout.
 */
import { useEffect, useState } from 'react';
import { Modal } from 'antd';
import { setTermsRequiredHandler } from '@/lib/api';
import TermsPrompt from './TermsPrompt';
import { TERMS_TITLE } from './TermsRequiredView';

export default function TermsGate() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    setTermsRequiredHandler(() => setOpen(true));
    return () => setTermsRequiredHandler(null);
  }, []);

  return (
    <Modal
      open={open}
      title={TERMS_TITLE}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      footer={null}
      destroyOnHidden
    >
      {open && <TermsPrompt />}
    </Modal>
  );
}
