'use client';
/**
 * The terms gate of the web (modules/legal): when any call answers 403 `terms_required` (the
 * operator published a new version while the page was open), a dialog no one can dismiss asks to
 * accept it — or to log out. Mounted once by the root layout; the dialog's code loads only then.
 */
import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { setTermsRequiredHandler } from '@/lib/api';

const TermsDialog = dynamic(() => import('./TermsDialog'), { ssr: false });

export default function TermsGate() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    setTermsRequiredHandler(() => setOpen(true));
    return () => setTermsRequiredHandler(null);
  }, []);

  return open ? <TermsDialog /> : null;
}
